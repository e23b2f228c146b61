extension String {
    /// The text up to the first line break, found by bytes.
    public var firstLine: String {
        guard let newline = utf8.firstIndex(of: UInt8(ascii: "\n")) else { return self }
        return String(self[..<newline])
    }
}
