import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Prints ExampleVault's report to PDF with a real headless Chromium and reads the PDF back with
/// poppler's pdfinfo and pdftotext. `make test` installs both (apt-get, as root); the test is
/// skipped only where they are missing and cannot be installed.
@Suite("export pdf in a real browser")
struct BrowserTests {
    static func onPath(_ names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for name in names {
            for folder in folders where isExecutableFile(folder + "/" + name) { return folder + "/" + name }
        }
        return nil
    }

    static let chromium = onPath(["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"])
    static let pdftotext = onPath(["pdftotext"])
    static let pdfinfo = onPath(["pdfinfo"])
    static let installed = chromium != nil && pdftotext != nil && pdfinfo != nil
    /// Root on a machine with apt-get: `make test` installs what is missing, so the test must run.
    static let installable = getuid() == 0 && onPath(["apt-get"]) != nil

    static func tool(_ path: String, _ arguments: [String]) throws -> String {
        try TestProgram.run(path, arguments).text
    }

    @Test("ExampleVault's report prints to PDF: page size, page count, every session, no heading alone at a page foot",
          .enabled(if: installed || installable,
                   "Chromium and poppler-utils are missing and cannot be installed here (not root, or no apt-get); install them with: sudo apt-get install -y chromium poppler-utils"))
    func printsExampleVault() throws {
        guard let pdftotext = Self.pdftotext, let pdfinfo = Self.pdfinfo, Self.chromium != nil else {
            Issue.record("Chromium and poppler-utils are missing; 'make test' installs them (apt-get install -y chromium poppler-utils)")
            return
        }
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            try FileManager.default.createDirectory(atPath: sandbox.path("tmp"), withIntermediateDirectories: true)
            let result = try sandbox.run(["export", "pdf", "--vault", vault, "-o", "report.pdf"],
                                         environment: ["TMPDIR": sandbox.path("tmp")], timeout: 180)
            expectStatus(result, 0)
            #expect(result.stderr.hasPrefix("Wrote 22 sessions to report.pdf (printed with "))
            #expect(try sandbox.mode("report.pdf") == 0o600)
            #expect(sandbox.files(under: "tmp").isEmpty, "the private page and the browser profile are removed")
            let pdf = sandbox.path("report.pdf")

            let info = try Self.tool(pdfinfo, [pdf])
            #expect(info.contains("Page size:       612 x 792 pts (letter)"), "\(info)")
            let pagesLine = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") })
            let pages = try #require(Int(pagesLine.split(separator: " ").last ?? ""))
            // A cover, a summary, and 22 sessions of which two or three fit on a page at most.
            #expect(pages >= 2 + 8 && pages <= 2 + 22, "\(pages) pages")

            var titles: [String] = []
            for page in 1...pages {
                let text = try Self.tool(pdftotext, ["-f", "\(page)", "-l", "\(page)", "-layout", pdf, "-"])
                #expect(!text.contains("file://") && !text.contains(".html"), "no browser header or footer on page \(page)")
                if page == 1 {
                    #expect(text.contains("Session Export"))
                    #expect(text.contains("Generated on"))
                    #expect(text.contains("Mar 8, 2024 to Oct 18, 2025"))
                    continue
                }
                #expect(text.contains("Page \(page) of \(pages)"), "the footer numbers page \(page)")
                if page == 2 {
                    #expect(text.contains("Summary") && text.contains("Average lift") && text.contains("Ketamine"))
                    continue
                }
                let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                for (index, line) in lines.enumerated() where line.contains(" • ") && line.range(of: #"^[A-Z][A-Za-z]+ • [A-Z][a-z]{2} \d{1,2}, \d{4}$"#, options: .regularExpression) != nil {
                    titles.append(line)
                    // The heading has its facts under it on the same page.
                    #expect(lines[(index + 1)...].contains { $0.hasPrefix("Treatment") }, "\(line) is alone at the foot of page \(page)")
                }
            }
            #expect(titles.count == 22, "\(titles)")
            #expect(titles.first == "LSD • Oct 18, 2025")
            #expect(titles.last == "Psilocybin • Mar 8, 2024")
            let all = try Self.tool(pdftotext, [pdf, "-"])
            #expect(all.contains("Felt peaceful and connected to nature."))

            let a4 = try sandbox.run(["export", "pdf", "--vault", vault, "--page", "a4", "--no-cover", "--treatment", "mdma", "-o", "a4.pdf"], timeout: 180)
            expectStatus(a4, 0)
            let a4Info = try Self.tool(pdfinfo, [sandbox.path("a4.pdf")])
            #expect(a4Info.contains("Page size:       59") && a4Info.contains("(A4)"), "\(a4Info)")
        }
    }
}
