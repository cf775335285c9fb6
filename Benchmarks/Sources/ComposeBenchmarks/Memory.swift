@_spi(ComposeTesting) import Compose
import Foundation
import MallocCounter

/// The UI framework the live containers run on.
#if canImport(UIKit)
let uiFramework = "UIKit"
#else
let uiFramework = "UIKitModel"
#endif

/// The change of the live heap over a piece of work, as the `MallocCounter` target tracks it.
enum LiveHeap {
  /// Whether live bytes are tracked on this platform (glibc only).
  static var isAvailable: Bool { malloc_counter_is_available() != 0 }

  /// Runs work and returns what it leaves allocated: the usable bytes and blocks allocated minus
  /// those freed while it ran, whenever they were allocated.
  ///
  /// - Parameter body: The work; what it returns is kept alive until the bytes are read.
  /// - Returns: What `body` returned, and the net bytes and blocks.
  static func change<State>(_ body: () -> State) -> (state: State, bytes: Int, blocks: Int) {
    malloc_counter_begin_bytes()
    let state = body()
    malloc_counter_end_bytes()
    return (state, Int(malloc_counter_net_bytes()), Int(malloc_counter_net_blocks()))
  }

  /// The usable size of a heap object.
  ///
  /// - Parameter object: A native Swift object (allocated with `malloc`).
  /// - Returns: `malloc_usable_size` of it; 0 where it cannot be read.
  static func size(of object: AnyObject) -> Int {
    Int(malloc_counter_usable_size(Unmanaged.passUnretained(object).toOpaque()))
  }

  /// The usable size of a heap block.
  ///
  /// - Parameter address: The block's address, as `malloc` returned it.
  /// - Returns: `malloc_usable_size` of it; 0 where it cannot be read.
  static func size(at address: UInt) -> Int {
    Int(malloc_counter_usable_size(UnsafeRawPointer(bitPattern: address)))
  }
}

/// One type's share of a census: how many of its heap objects were reached, and their bytes.
struct CensusLine {
  /// The type, without the module prefix.
  var type: String
  var objects: Int
  /// The objects' usable bytes (`malloc_usable_size`).
  var bytes: Int
}

/// Walks a value with `Mirror` and counts every heap object reached once, by type: class
/// instances, and the buffers of non-empty arrays, dictionaries and sets.
///
/// String storage, closure contexts and the boxes of large existential values are not reached
/// (a mirror does not show them): the census is a lower bound, to compare with the live-heap
/// total.
@MainActor
struct HeapCensus {
  private var lines: [String: CensusLine] = [:]
  private var visited: Set<UInt> = []
  /// Whether to count and walk into an object; objects refused are neither.
  var includes: (AnyObject) -> Bool = { _ in true }

  /// The lines, largest first.
  var result: [CensusLine] { lines.values.sorted { $0.bytes > $1.bytes } }

  /// Marks everything reachable from a value as seen, without counting it: a later census then
  /// counts only what the value does not hold.
  ///
  /// - Parameter value: The value.
  mutating func exclude(_ value: Any) {
    let saved = lines
    walk(value, depth: 0)
    lines = saved
  }

  /// Counts everything reachable from a value that was not reached before.
  ///
  /// - Parameter value: The value.
  mutating func walk(_ value: Any) {
    walk(value, depth: 0)
  }

  private mutating func add(_ type: String, address: UInt, bytes: Int) {
    var line = lines[type] ?? CensusLine(type: type, objects: 0, bytes: 0)
    line.objects += 1
    line.bytes += bytes
    lines[type] = line
  }

  private static func typeName(_ value: Any) -> String {
    var name = String(reflecting: type(of: value))
    // Private types read `(unknown context at $…)`, an address that changes from run to run.
    while let start = name.range(of: "(unknown context at "),
      let end = name[start.upperBound...].range(of: ").")
    {
      name.replaceSubrange(start.lowerBound..<end.upperBound, with: "")
    }
    for module in ["Compose.", "Swift.", "Observation.", "Foundation.", "UIKitModel."] {
      name = name.replacingOccurrences(of: module, with: "")
    }
    return name
  }

  /// The first word of a value's representation: an array's or dictionary's buffer.
  private static func firstWord<Value>(of value: Value) -> UInt? {
    guard MemoryLayout<Value>.size == MemoryLayout<UInt>.size else { return nil }
    return withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
  }

  private mutating func walk(_ value: Any, depth: Int) {
    guard depth < 64 else { return }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .class?:
      let object = value as AnyObject
      let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
      guard includes(object), visited.insert(address).inserted else { return }
      add(Self.typeName(value), address: address, bytes: LiveHeap.size(of: object))
    case .collection?, .dictionary?, .set?:
      // A native array, dictionary or set is one pointer to its buffer; an empty one points to
      // a shared static buffer, which is not counted.
      if mirror.children.count > 0, let address = Self.firstWord(of: value), address != 0 {
        guard visited.insert(address).inserted else { return }
        add(Self.typeName(value), address: address, bytes: LiveHeap.size(at: address))
      }
    default:
      break
    }
    var level: Mirror? = mirror
    while let current = level {
      for child in current.children {
        walk(child.value, depth: depth + 1)
      }
      level = current.superclassMirror
    }
  }
}

/// The controller the memory measurements' children are made of: nothing of its own.
final class BareController: UIViewController {}

/// A container with `count` children in a stacked slot, made and kept by a `Composer`; children
/// that capture nothing, optionally kept alive and hidden.
@MainActor
final class ComposedMemoryContainer: UIViewController {
  let count: Int
  let keepsAlive: Bool
  var isHidingChildren = false

  lazy var composer = Composer(container: self) { [unowned self] in declaration }

  /// Creates the container.
  ///
  /// - Parameters:
  ///   - count: The number of children.
  ///   - keepsAlive: Whether the children are ``Lifetime/keepAlive``.
  init(count: Int, keepsAlive: Bool) {
    self.count = count
    self.keepsAlive = keepsAlive
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  /// The children: one `ForEach` of bare controllers.
  @CompositionBuilder var declaration: CompositionContent {
    let keepsAlive = keepsAlive
    let hidden = isHidingChildren
    Slot("rows", layout: .stack(axis: .vertical)) {
      // No branch in the element: its path is the key alone, as in a plain list.
      ForEach(0..<count, id: \.self) { _ in
        Child { BareController() }.lifetime(keepsAlive ? .keepAlive : .whileShown).hidden(hidden)
      }
    }
  }

  /// Composes now, and lets UIKitModel's scheduled work run.
  func compose() {
    composer.setNeedsCompose()
    composer.composeIfNeeded()
    #if !canImport(UIKit)
    ModelRuntime.runUntilIdle()
    #endif
  }
}

/// The same container written by hand: the controllers made, added with `addChild`, their views
/// put in a stack view pinned to the container's view, `didMove(toParent:)`.
@MainActor
final class HandMemoryContainer: UIViewController {
  var rows: [UIViewController] = []
  let stack = UIStackView()

  /// Adds `count` children, and takes their views out again when `hidden`.
  ///
  /// - Parameters:
  ///   - count: The number of children.
  ///   - hidden: Whether the children stay children with their views out of the hierarchy.
  func fill(count: Int, hidden: Bool) {
    stack.axis = .vertical
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.topAnchor),
      stack.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      view.bottomAnchor.constraint(equalTo: stack.bottomAnchor),
      view.trailingAnchor.constraint(equalTo: stack.trailingAnchor),
    ])
    rows.reserveCapacity(count)
    for _ in 0..<count {
      let row = BareController()
      addChild(row)
      stack.insertArrangedSubview(row.view, at: stack.arrangedSubviews.count)
      row.didMove(toParent: self)
      rows.append(row)
    }
    guard hidden else { return }
    for row in rows {
      stack.removeArrangedSubview(row.view)
      row.view.removeFromSuperview()
    }
  }
}

extension MemoryRow {
  /// The label of the mounted tree's rows.
  static let mountedTree = "mounted tree"
  /// The label of the live container's mounted rows.
  static let liveMounted = "live container, mounted children (Compose's own)"
}

extension Runner {
  /// A window on screen, with a container as its root, and the first composition done.
  private static func show(_ container: UIViewController) -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = container
    window.makeKeyAndVisible()
    #if !canImport(UIKit)
    ModelRuntime.runUntilIdle()
    #endif
    return window
  }

  /// Lets scheduled work run and drops UIKitModel's event log, which grows with every
  /// containment call (real UIKit keeps none).
  private static func settle() {
    #if !canImport(UIKit)
    ModelRuntime.runUntilIdle()
    ModelRuntime.clearEvents()
    #endif
  }

  /// A composed container on screen with its children mounted (then hidden, for keep-alive).
  private static func composed(
    count: Int, keepsAlive: Bool, onScreen: Bool = true
  ) -> (ComposedMemoryContainer, UIWindow) {
    let container = ComposedMemoryContainer(count: count, keepsAlive: keepsAlive)
    let window = onScreen ? show(container) : UIWindow(frame: .zero)
    container.loadViewIfNeeded()
    container.compose()
    if keepsAlive {
      container.isHidingChildren = true
      container.compose()
    }
    settle()
    return (container, window)
  }

  /// The hand-written container on screen.
  private static func handWritten(count: Int, hidden: Bool) -> (HandMemoryContainer, UIWindow) {
    let container = HandMemoryContainer()
    let window = show(container)
    container.fill(count: count, hidden: hidden)
    settle()
    return (container, window)
  }

  /// What the mounted tree of a composed container retains: the bytes freed when the last
  /// reference to the tree goes, once the container and its composer are gone; `nil` when they
  /// are not released.
  private static func treeBytes(count: Int, keepsAlive: Bool) -> (bytes: Int, blocks: Int)? {
    var tree: CompositionTree?
    weak var released: ComposedMemoryContainer?
    do {
      let (container, window) = composed(count: count, keepsAlive: keepsAlive, onScreen: false)
      tree = container.composer.mountedTree
      released = container
      window.rootViewController = nil
      window.isHidden = true
    }
    settle()
    guard released == nil, tree != nil else { return nil }
    let change = LiveHeap.change { tree = nil }
    return (-change.bytes, -change.blocks)
  }

  /// Builds and drops a small composed container and a small hand-written one, then lets
  /// UIKitModel's scheduled work run: what earlier measurements left to release goes before the
  /// next one starts.
  private static func prime() {
    settle()
    blackHole(composed(count: 10, keepsAlive: true))
    blackHole(handWritten(count: 10, hidden: false))
    settle()
  }

  /// Memory: bytes retained per mounted child and per kept-alive hidden child, in the tree alone
  /// and in a live container, with a census of where the bytes go.
  ///
  /// - Parameter counts: The numbers of children.
  mutating func memoryCase(counts: [Int]) {
    guard LiveHeap.isAvailable else {
      print("  memory: live bytes are not tracked on this platform")
      return
    }
    // Once untimed, so that what is made once per process is not counted below.
    blackHole(Self.composed(count: 10, keepsAlive: false))
    blackHole(Self.composed(count: 10, keepsAlive: true))
    blackHole(Self.handWritten(count: 10, hidden: false))
    blackHole(Self.treeBytes(count: 10, keepsAlive: true))
    var rows: [MemoryRow] = []
    let clock = ContinuousClock()
    for keepsAlive in [false, true] {
      for count in counts {
        let started = clock.now
        let what = keepsAlive ? "mounted tree, kept-alive hidden children" : MemoryRow.mountedTree
        Self.prime()
        if let tree = Self.treeBytes(count: count, keepsAlive: keepsAlive) {
          rows.append(MemoryRow(what: what, count: count, bytes: tree.bytes, blocks: tree.blocks))
        } else {
          print("  warning: the memory container was not released; no tree row for \(count)")
        }
        print("  memory, \(what), \(count): \(clock.now - started)")
      }
    }
    for keepsAlive in [false, true] {
      for count in counts {
        let started = clock.now
        // Twice up to 1,000 children, the second pair kept: what UIKitModel releases late
        // (registries it compacts when controllers are made) lands in the first.
        var hand = (bytes: 0, blocks: 0)
        var composed = (bytes: 0, blocks: 0)
        for _ in 0..<(count <= 1_000 ? 2 : 1) {
          Self.prime()
          let handChange = LiveHeap.change { Self.handWritten(count: count, hidden: keepsAlive) }
          Self.prime()
          let composedChange = LiveHeap.change {
            Self.composed(count: count, keepsAlive: keepsAlive)
          }
          hand = (handChange.bytes, handChange.blocks)
          composed = (composedChange.bytes, composedChange.blocks)
          blackHole((handChange.state, composedChange.state))
        }
        rows.append(
          MemoryRow(
            what: keepsAlive
              ? "live container, kept-alive hidden children (Compose's own)"
              : MemoryRow.liveMounted,
            count: count, bytes: composed.bytes, blocks: composed.blocks,
            baselineBytes: hand.bytes, baselineBlocks: hand.blocks))
        if count == 1_000 {
          rows.append(
            MemoryRow(
              what: keepsAlive
                ? "(baseline: hand-written container, children hidden)"
                : "(baseline: hand-written container)",
              count: count, bytes: hand.bytes, blocks: hand.blocks))
        }
        print("  memory, live, keep-alive \(keepsAlive), \(count): \(clock.now - started)")
      }
    }
    rows.sort { ($0.what, $0.count) < ($1.what, $1.count) }
    // Per child from one N to the next: what is made once per container cancels out.
    for index in rows.indices.dropFirst() where rows[index - 1].what == rows[index].what {
      let previous = rows[index - 1]
      let own = rows[index].bytes - (rows[index].baselineBytes ?? 0)
      let previousOwn = previous.bytes - (previous.baselineBytes ?? 0)
      rows[index].marginalBytesPerChild =
        Double(own - previousOwn) / Double(rows[index].count - previous.count)
    }
    report.memory = rows

    // Where the bytes go: a census of a tree of 1000 mounted children, and of the rest of the
    // composer of a container that has them.
    let (container, window) = Self.composed(count: 1_000, keepsAlive: false)
    let tree = container.composer.mountedTree
    var census = HeapCensus()
    census.includes = { !($0 is UIViewController) && !($0 is UIView) }
    census.walk(tree)
    report.memoryBreakdown = census.result
    report.memoryBreakdownCount = 1_000
    var composerCensus = HeapCensus()
    composerCensus.includes = {
      !($0 is UIViewController) && !($0 is UIView) && !($0 is NSLayoutConstraint)
    }
    composerCensus.exclude(tree)
    composerCensus.walk(container.composer)
    report.liveBreakdown = composerCensus.result
    report.liveBreakdownCount = 1_000
    blackHole((container, window))
    print("  memory: done")
  }
}
