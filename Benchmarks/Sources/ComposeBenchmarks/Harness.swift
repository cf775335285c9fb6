import Foundation
import MallocCounter

/// Keeps a value alive so that the optimizer cannot drop the work that produced it.
///
/// - Parameter value: Anything.
@_optimize(none)
func blackHole(_ value: some Any) {}

/// How the samples of a job are taken.
enum Sampling: String, CaseIterable, Hashable {
  /// Each sample times repeated calls, as many as make it last at least
  /// ``Harness/minimumSample``: the work runs with warm caches and predictors, in a loop.
  case batched
  /// Each sample times one call, and the jobs of a case take turns call by call (in an order
  /// shuffled every round), so that each call finds the caches as the previous job left them.
  case cold
}

/// The median time of one run of a piece of work.
struct Timing {
  /// Nanoseconds per run, median over the samples.
  var nanoseconds: Double
  /// How many samples were taken.
  var samples: Int
  /// How many runs each sample timed (1 when cold).
  var repetitions: Int
}

/// How a run samples its jobs: the command line's choices.
struct SamplingOptions {
  /// The modes each case is measured in, in order.
  var modes: [Sampling] = [.batched, .cold]
  /// The most samples (rounds) a cold measurement takes; fewer when a round is long.
  var coldSamples = 51
  /// Whether a buffer larger than the last-level cache is written before every cold sample, so
  /// that each call starts with nothing of its own in the caches (`--evict`).
  var evicts = false
}

/// A buffer larger than the last-level cache; writing it evicts everything else.
final class CacheEvictor {
  private var buffer: [UInt8]

  /// Allocates twice the last-level cache, as Linux reports it (64 MiB when it does not).
  init() {
    var bytes = 32 << 20
    if let text = try? String(
      contentsOfFile: "/sys/devices/system/cpu/cpu0/cache/index3/size", encoding: .utf8)
    {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.hasSuffix("K"), let kilobytes = Int(trimmed.dropLast()) {
        bytes = kilobytes << 10
      } else if trimmed.hasSuffix("M"), let megabytes = Int(trimmed.dropLast()) {
        bytes = megabytes << 20
      }
    }
    buffer = [UInt8](repeating: 0, count: 2 * bytes)
  }

  /// The size of the buffer.
  var bytes: Int { buffer.count }

  /// Writes one byte of every cache line of the buffer.
  func evict() {
    buffer.withUnsafeMutableBufferPointer { pointer in
      var index = 0
      while index < pointer.count {
        pointer[index] &+= 1
        index += 64
      }
    }
  }
}

/// Times work with `ContinuousClock`, batched (a warm-up that also picks how many runs one sample
/// times, then the median of the samples, at least 11 unless the work is very slow) or cold (one
/// call per sample, median of up to 51).
enum Harness {
  /// The shortest sample; µs-scale work is repeated until one sample lasts this long.
  static let minimumSample: Duration = .milliseconds(3)
  /// The fewest samples of a cold measurement (unless a job asks for fewer).
  static let minimumColdSamples = 11
  /// About how long the cold rounds of one case may take; longer work gets fewer rounds, never
  /// fewer than ``minimumColdSamples``.
  static let coldBudget: Duration = .seconds(1)

  /// Times several pieces of work side by side in each of the given modes.
  ///
  /// - Parameters:
  ///   - jobs: The work, by name, each with its number of batched samples.
  ///   - options: The modes, and how cold samples are taken.
  ///   - evictor: The buffer written before each cold sample, when evicting.
  /// - Returns: The median nanoseconds per run of each job, by mode and name.
  static func measure(
    _ jobs: [(name: String, samples: Int, body: () -> Void)], options: SamplingOptions,
    evictor: CacheEvictor? = nil
  ) -> [Sampling: [String: Timing]] {
    var result: [Sampling: [String: Timing]] = [:]
    for mode in options.modes {
      switch mode {
      case .batched:
        result[mode] = measure(jobs)
      case .cold:
        result[mode] = measureCold(
          jobs, samples: options.coldSamples, evictor: options.evicts ? evictor : nil)
      }
    }
    return result
  }

  /// Times several pieces of work side by side: each is calibrated on its own, then the samples
  /// are taken in rounds, one sample of each job per round, so that a slow spell of a shared
  /// machine weighs on every job alike and the ratios between them hold.
  ///
  /// - Parameter jobs: The work, by name, each with its number of samples.
  /// - Returns: The median nanoseconds per run of each job, by name.
  static func measure(_ jobs: [(name: String, samples: Int, body: () -> Void)]) -> [String: Timing]
  {
    let clock = ContinuousClock()
    var repetitions: [Int] = []
    for job in jobs {
      var count = 1
      while true {
        let elapsed = clock.measure {
          for _ in 0..<count { job.body() }
        }
        if elapsed >= minimumSample || count >= 1 << 24 { break }
        let ratio = nanoseconds(minimumSample) / max(nanoseconds(elapsed), 1)
        count = max(count * 2, Int(Double(count) * ratio * 1.2))
      }
      repetitions.append(count)
    }
    var times = [[Double]](repeating: [], count: jobs.count)
    let rounds = jobs.map(\.samples).max() ?? 0
    for round in 0..<rounds {
      for (index, job) in jobs.enumerated() where round < job.samples {
        let count = repetitions[index]
        let elapsed = clock.measure {
          for _ in 0..<count { job.body() }
        }
        times[index].append(nanoseconds(elapsed) / Double(count))
      }
    }
    var result: [String: Timing] = [:]
    for (index, job) in jobs.enumerated() {
      result[job.name] = Timing(
        nanoseconds: median(times[index]), samples: job.samples, repetitions: repetitions[index])
    }
    return result
  }

  /// Times several pieces of work side by side, one call per sample: after one untimed call of
  /// each job, the samples are taken in rounds, one call of each job per round, in an order
  /// shuffled every round (by a seeded generator, the same in every run) that never starts with
  /// the job that ended the round before, so that every call runs after another job's call (or
  /// after the eviction buffer) and each job follows each other job about as often: no job
  /// mostly finds the caches as one particular job left them (a phase after another phase of
  /// the same trees, a floor after the reference that hashed the same keys).
  ///
  /// Nothing is subtracted: a sample includes reading the clock twice (see ``clockFloor()``).
  /// The number of rounds is `samples`, or fewer when one round takes long (about
  /// ``coldBudget`` for all of them, never fewer than ``minimumColdSamples``); a job that asks
  /// for fewer batched samples than that (the standard library at 100k keys) keeps its number.
  ///
  /// - Parameters:
  ///   - jobs: The work, by name, each with its number of batched samples.
  ///   - samples: The most rounds.
  ///   - evictor: The buffer written before each sample, if any.
  /// - Returns: The median nanoseconds of one call of each job, by name.
  static func measureCold(
    _ jobs: [(name: String, samples: Int, body: () -> Void)], samples: Int,
    evictor: CacheEvictor? = nil
  ) -> [String: Timing] {
    let clock = ContinuousClock()
    var round = 0.0
    for job in jobs {
      round += nanoseconds(clock.measure { job.body() })
    }
    let affordable = Int(nanoseconds(coldBudget) / max(round, 1))
    let rounds = max(minimumColdSamples, min(samples, affordable))
    let counts = jobs.map { $0.samples >= minimumColdSamples ? rounds : min($0.samples, rounds) }
    var times = [[Double]](repeating: [], count: jobs.count)
    var generator = SeededGenerator(seed: 0xC01D)
    var last: Int?
    for round in 0..<rounds {
      var order = jobs.indices.filter { round < counts[$0] }
      order.shuffle(using: &generator)
      if order.count > 1, order[0] == last {
        order.swapAt(0, Int.random(in: 1..<order.count, using: &generator))
      }
      last = order.last
      for index in order {
        evictor?.evict()
        let body = jobs[index].body
        let start = clock.now
        body()
        let end = clock.now
        times[index].append(nanoseconds(end - start))
      }
    }
    var result: [String: Timing] = [:]
    for (index, job) in jobs.enumerated() {
      result[job.name] = Timing(
        nanoseconds: median(times[index]), samples: counts[index], repetitions: 1)
    }
    return result
  }

  /// The median of cold samples of a job that does nothing: what reading the clock twice around
  /// a call costs, included (not subtracted) in every cold time.
  ///
  /// - Returns: Nanoseconds.
  static func clockFloor() -> Double {
    let timings = measureCold([("empty", 101, { blackHole(0) })], samples: 1_001)
    return timings["empty"]?.nanoseconds ?? 0
  }

  /// The heap allocations one run of `body` makes (run it warm).
  ///
  /// - Parameter body: The work.
  /// - Returns: The number of allocations, or `nil` where they cannot be counted.
  static func allocations<Result>(_ body: () -> Result) -> Int? {
    guard malloc_counter_is_available() != 0 else { return nil }
    blackHole(body())
    let before = malloc_counter_allocations()
    let result = body()
    let after = malloc_counter_allocations()
    blackHole(result)
    return Int(after - before)
  }

  /// The median of samples: the middle one, or the mean of the two middle ones when their
  /// number is even (`--cold-samples 100`, or a cold budget that affords an even number).
  ///
  /// - Parameter samples: The samples, at least one.
  /// - Returns: The median.
  static func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

/// Formats nanoseconds with a unit that keeps three or four significant digits.
///
/// - Parameter nanoseconds: A duration in nanoseconds.
/// - Returns: `57 ns`, `6.11 µs`, `1.15 ms`, `2.79 s`.
func formatTime(_ nanoseconds: Double) -> String {
  switch nanoseconds {
  case ..<1_000: return "\(format(nanoseconds, digits: nanoseconds < 100 ? 1 : 0)) ns"
  case ..<1_000_000: return "\(format(nanoseconds / 1_000, digits: 2)) µs"
  case ..<1_000_000_000: return "\(format(nanoseconds / 1_000_000, digits: 2)) ms"
  default: return "\(format(nanoseconds / 1_000_000_000, digits: 2)) s"
  }
}

/// Formats a number with a fixed number of decimals.
///
/// - Parameters:
///   - value: The number.
///   - digits: The decimals.
/// - Returns: The text.
func format(_ value: Double, digits: Int) -> String {
  guard value.isFinite else { return "–" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if digits == 0 {
      text = String(text[..<dot])
    } else if decimals < digits {
      text += String(repeating: "0", count: digits - decimals)
    }
  }
  return text
}

/// Formats a ratio: `0.82×`, `1.4×`, `312×`.
///
/// - Parameter value: The ratio.
/// - Returns: The text.
func formatRatio(_ value: Double) -> String {
  guard value.isFinite else { return "–" }
  if value >= 100 { return "\(format(value, digits: 0))×" }
  if value >= 10 { return "\(format(value, digits: 1))×" }
  return "\(format(value, digits: 2))×"
}
