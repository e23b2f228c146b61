/// Command lines the report exports suggest.
public enum ReportCommandLine {
    /// The `afterflow` command line `arguments` (without the program) with `html` for `pdf` and an
    /// output file ending in `.html` (`-o report.html` when none was given), quoted for a shell:
    /// the same report as a page to print from a browser.
    public static func html(insteadOfPDF arguments: [String]) -> String {
        var arguments = arguments
        if let index = arguments.firstIndex(of: "pdf") { arguments[index] = "html" }
        var sawOutput = false
        for (index, argument) in arguments.enumerated() {
            if argument == "-o" || argument == "--output" {
                sawOutput = true
            } else if index > 0, arguments[index - 1] == "-o" || arguments[index - 1] == "--output", argument.lowercased().hasSuffix(".pdf") {
                arguments[index] = String(argument.dropLast(4)) + ".html"
            }
        }
        if !sawOutput { arguments += ["-o", "report.html"] }
        let quoted = arguments.map { $0.contains(where: { " \"'$&;|<>*?()".contains($0) }) ? "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" : $0 }
        return (["afterflow"] + quoted).joined(separator: " ")
    }
}
