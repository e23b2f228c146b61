/// Columns of text lined up by display width (two spaces between), for the practice lists.
public enum TextTable {
    /// One line a row; the columns in `rightAligned` are aligned to the right. Text is shown
    /// with its control characters made visible; trailing spaces are trimmed.
    public static func lines(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let shown = rows.map { $0.map { $0.visible() } }
        let count = shown.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in shown { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) } }
        return shown.map { row in
            var line = ""
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - DisplayWidth.of(cell))
                if i > 0 { line += "  " }
                line += rightAligned.contains(i) ? pad + cell : cell + pad
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
