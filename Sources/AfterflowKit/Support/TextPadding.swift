/// Padding for columns of text whose characters are one column wide (ASCII, mostly); wider text
/// goes through `DisplayWidth` and `TextTable`.
extension String {
    /// Space-padded on the right to `width` characters (not cut).
    public func padded(to width: Int) -> String {
        let length = utf8.allSatisfy { $0 < 0x80 } ? utf8.count : count
        return length >= width ? self : self + String(repeating: " ", count: width - length)
    }

    /// Space-padded on the left to `width` characters (not cut): numbers in a right-aligned column.
    public func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// `1 failure`, `3 failures`: a count and the word that goes with it.
public func counted(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
