/// Small charts drawn with text: Unicode blocks, or plain ASCII where the output may not show them.
public struct TextCharts: Sendable {
    public let unicode: Bool

    public init(unicode: Bool) {
        self.unicode = unicode
    }

    /// A bar `width` columns long at `value / maximum`, with eighths of a block in Unicode.
    public func bar(_ value: Double, of maximum: Double, width: Int) -> String {
        guard maximum > 0, value > 0 else { return "" }
        let eighths = Int((value / maximum * Double(width) * 8).rounded())
        guard unicode else { return String(repeating: "#", count: max(1, eighths / 8)) }
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }

    /// One character a value, `▁` to `█` (or ` .:-=+*#` in ASCII), scaled to the largest; a
    /// zero is a space.
    public func sparkline(_ values: [Int]) -> String {
        let levels: [Character] = unicode ? ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : [" ", ".", ":", "-", "=", "+", "*", "#"]
        guard let maximum = values.max(), maximum > 0 else { return String(repeating: levels[0], count: values.count) }
        return String(values.map { value in
            value == 0 ? " " : levels[min(levels.count - 1, max(1, value * (levels.count - 1) / maximum))]
        })
    }
}
