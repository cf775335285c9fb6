/// The length of a longest strictly increasing subsequence of `values`.
///
/// By patience sorting: each value goes on the leftmost pile whose top is not below it. The tests'
/// reference for the fewest moves: kept keys − this.
///
/// - Complexity: O(*n* log *n*).
func longestIncreasingRun(_ values: [Int]) -> Int {
  var tops: [Int] = []
  for value in values {
    var low = 0
    var high = tops.count
    while low < high {
      let middle = (low + high) / 2
      if tops[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tops.count { tops.append(value) } else { tops[low] = value }
  }
  return tops.count
}
