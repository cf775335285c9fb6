public import Foundation

/// A running or finished animation or transition, as seen by tests.
public struct ModelAnimation: Hashable, Sendable, CustomStringConvertible {
  /// What started an animation.
  public enum Kind: String, Hashable, Sendable {
    /// `UIView.animate(withDuration:…)`.
    case animate
    /// `UIView.transition(with:duration:options:animations:completion:)`.
    case viewTransition
    /// `UIView.transition(from:to:duration:options:completion:)`.
    case viewSwap
    /// `UIViewController.transition(from:to:duration:options:animations:completion:)`.
    case viewControllerTransition
    /// A `UINavigationController` push, pop or replacement of its stack, or the end of an
    /// interactive pop.
    case navigationTransition
    /// `UIViewController.present(_:animated:completion:)` and `dismiss(animated:completion:)`.
    case presentation
    /// `UIPageViewController.setViewControllers(_:direction:animated:completion:)`.
    case pageTransition
  }

  /// The animation's number, counting from 1 since the last ``ModelRuntime/reset()``; it is named
  /// `animation#N` in the event log.
  public let number: Int
  /// What started it.
  public let kind: Kind
  /// The duration it was given.
  public let duration: TimeInterval
  /// The delay it was given.
  public let delay: TimeInterval
  /// The options it was given.
  public let options: UIView.AnimationOptions
  /// The virtual time it started at.
  public let startTime: TimeInterval
  /// The virtual time it completes at unless cut short.
  public let endTime: TimeInterval

  /// `animation#N kind`.
  public var description: String { "animation#\(number) \(kind.rawValue)" }

  /// Compares every field (the options by their raw bits: UIKit's option sets are not hashable).
  ///
  /// - Parameters:
  ///   - lhs: An animation.
  ///   - rhs: Another animation.
  /// - Returns: Whether every field is equal.
  public static func == (lhs: ModelAnimation, rhs: ModelAnimation) -> Bool {
    lhs.number == rhs.number && lhs.kind == rhs.kind && lhs.duration == rhs.duration
      && lhs.delay == rhs.delay && lhs.options == rhs.options && lhs.startTime == rhs.startTime
      && lhs.endTime == rhs.endTime
  }

  /// Hashes every field.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(number)
    hasher.combine(kind)
    hasher.combine(duration)
    hasher.combine(delay)
    hasher.combine(options.rawValue)
    hasher.combine(startTime)
    hasher.combine(endTime)
  }
}

/// The model's bookkeeping for one animation.
@MainActor
final class AnimationRecord {
  let number: Int
  let kind: ModelAnimation.Kind
  let duration: TimeInterval
  let delay: TimeInterval
  let options: UIView.AnimationOptions
  let startTime: TimeInterval
  let endTime: TimeInterval
  var views: [WeakReference<UIView>] = []
  var isFinished = false
  var workID = 0
  /// Model steps that run before the user's completion (the end of a container transition).
  var willFinish: ((Bool) -> Void)?
  var completion: ((Bool) -> Void)?

  init(
    number: Int, kind: ModelAnimation.Kind, duration: TimeInterval, delay: TimeInterval,
    options: UIView.AnimationOptions, startTime: TimeInterval, endTime: TimeInterval
  ) {
    self.number = number
    self.kind = kind
    self.duration = duration
    self.delay = delay
    self.options = options
    self.startTime = startTime
    self.endTime = endTime
  }

  var name: String { "animation#\(number)" }

  func involve(_ view: UIView) {
    guard !views.contains(where: { $0.value === view }) else { return }
    views.append(WeakReference(view))
  }

  func involves(_ view: UIView) -> Bool {
    views.contains { $0.value === view }
  }

  var snapshot: ModelAnimation {
    ModelAnimation(
      number: number, kind: kind, duration: duration, delay: delay, options: options,
      startTime: startTime, endTime: endTime)
  }
}

extension ModelRuntime {
  /// Registers an animation and schedules its completion: after `delay + duration` when
  /// animated, at the next run of the model otherwise (model choice K3).
  static func startAnimation(
    kind: ModelAnimation.Kind, duration: TimeInterval, delay: TimeInterval,
    options: UIView.AnimationOptions, views: [UIView], subject: String
  ) -> AnimationRecord {
    let animated = duration > 0 && UIView.effectiveAnimationsEnabled
    let length = animated ? max(0, delay) + duration : 0
    state.animationCounter += 1
    let record = AnimationRecord(
      number: state.animationCounter, kind: kind, duration: duration, delay: delay,
      options: options, startTime: state.now, endTime: state.now + length)
    for view in views {
      record.involve(view)
    }
    state.animations.append(record)
    state.events.append(
      ModelEvent(
        category: .animation, subject: record.name,
        callback: "start(\(subject), duration: \(UIViewController.format(duration)))"))
    record.workID = schedule(after: length) { [weak record] in
      guard let record else { return }
      finish(record, finished: true)
    }
    return record
  }

  /// Runs an animations block, noting every view whose animatable properties it changes.
  static func runAnimations(of record: AnimationRecord, _ animations: (() -> Void)?) {
    guard let animations else { return }
    state.animationContexts.append(record)
    animations()
    state.animationContexts.removeLast()
  }

  static func finish(_ record: AnimationRecord, finished: Bool) {
    guard !record.isFinished else { return }
    record.isFinished = true
    cancelWork(record.workID)
    state.animations.removeAll { $0 === record }
    record.willFinish?(finished)
    record.willFinish = nil
    state.events.append(
      ModelEvent(category: .animation, subject: record.name, callback: "completion(\(finished))"))
    let completion = record.completion
    record.completion = nil
    completion?(finished)
  }

  /// Cuts short every running animation that involves `view`: each completes with `false` at the
  /// next run of the model.
  static func cancelAnimations(involving view: UIView) {
    for record in state.animations where !record.isFinished && record.involves(view) {
      cancelWork(record.workID)
      record.workID = schedule(after: 0) { [weak record] in
        guard let record else { return }
        finish(record, finished: false)
      }
    }
  }
}

/// The layer behind a view.
///
/// The model's layer only supports removing animations. As in UIKit (Core Animation), the class
/// is not isolated to the main actor.
open class CALayer {
  private weak var view: UIView?

  init(view: UIView) {
    self.view = view
  }

  /// Cuts short the running animations that involve this layer's view: their completions run
  /// with `finished == false` at the next run of the model, and a container transition among them
  /// finishes its view and appearance changes at that moment (model choice: UIKit jumps to the
  /// final state and reports `false`).
  ///
  /// Nonisolated, as in UIKit; the model's runtime lives on the main actor, so calling it from
  /// elsewhere traps (model rule M4).
  open func removeAllAnimations() {
    guard let view else { return }
    MainActor.assumeIsolated {
      ModelRuntime.cancelAnimations(involving: view)
    }
  }
}
