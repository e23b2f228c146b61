import Foundation

/// Numbers as `String(format:)` writes them, without it: each call of `String(format:)` builds an
/// NSString, and the first looks up its arguments' conformances at run time. That was 3 % of
/// `afterflow show` (one offset) and 5 % of a progress report (a cue bar's width per row).
extension Int {
    /// `7` as `07` (width 2), `2025` as `2025`: `String(format: "%02d")` for a number that is not
    /// negative.
    public func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        return digits.utf8.count >= width ? digits : String(repeating: "0", count: width - digits.utf8.count) + digits
    }
}

extension Double {
    /// `String(format: "%.1f", self)`, to the last digit: the exact binary value rounded to tenths,
    /// a tie to the even tenth (`0.25` is `0.2`, `0.15`, just below a tie in binary, is `0.1`).
    public var oneDecimal: String {
        // Beyond 2^50 tenths, or not a number: rare enough to leave to Foundation.
        guard isFinite, abs(self) < 1e14 else { return String(format: "%.1f", self) }
        let magnitude = abs(self)
        // The exact floor of magnitude × 10: fma computes magnitude × 10 − t with one rounding, so
        // its sign is exact even where the product itself would round.
        var tenths = (magnitude * 10).rounded(.down)
        while tenths > 0 && magnitude.fma10(minus: tenths) < 0 { tenths -= 1 }
        while magnitude.fma10(minus: tenths + 1) >= 0 { tenths += 1 }
        let past = magnitude.fma10(minus: tenths + 0.5)
        if past > 0 || (past == 0 && tenths.truncatingRemainder(dividingBy: 2) == 1) { tenths += 1 }
        let whole = Int64(tenths)
        let sign = self.sign == .minus ? "-" : ""
        return sign + String(whole / 10) + "." + String(whole % 10)
    }

    /// self × 10 − t, rounded once.
    private func fma10(minus t: Double) -> Double { (-t).addingProduct(self, 10) }
}
