import Foundation

/// The mark on the first interval line after intervals that were not observed (a live logger
/// was not running while they ended): its note begins `intervals 3-11 not observed` (or
/// `interval 3 not observed`), so that the gap in the numbers reads as meant, and `check`
/// does not warn of the missing numbers.
public enum IntervalGap {
    /// `interval 3 not observed`, `intervals 3-11 not observed`.
    public static func mark(from first: Int, to last: Int) -> String {
        first == last ? "interval \(first) not observed" : "intervals \(first)-\(last) not observed"
    }

    /// Whether `note` marks exactly the intervals `first` to `last` as not observed.
    public static func marks(_ note: String, from first: Int, to last: Int) -> Bool {
        let mark = mark(from: first, to: last)
        return note == mark || note.hasPrefix(mark + ";")
    }
}
