import MallocCounter

/// Keeps a value alive so that the optimizer cannot drop the work that produced it.
///
/// - Parameter value: Anything.
@_optimize(none)
func blackHole(_ value: some Any) {}

/// The median time of one run of a piece of work.
struct Timing {
  /// Nanoseconds per run, median over the samples.
  var nanoseconds: Double
  /// How many samples were taken.
  var samples: Int
  /// How many runs each sample timed.
  var repetitions: Int
}

/// Times work with `ContinuousClock`: a warm-up that also picks how many runs one sample times,
/// then the median of the samples (at least 11 unless the work is very slow).
enum Harness {
  /// The shortest sample; µs-scale work is repeated until one sample lasts this long.
  static let minimumSample: Duration = .milliseconds(3)

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
      let sorted = times[index].sorted()
      result[job.name] = Timing(
        nanoseconds: sorted[sorted.count / 2], samples: job.samples,
        repetitions: repetitions[index])
    }
    return result
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
