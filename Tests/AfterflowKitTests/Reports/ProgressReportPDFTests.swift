import AfterflowKit
import Foundation
import Testing

/// Prints the fixture's progress report with a real headless Chromium (through `PDFEngine`, as
/// `export progress --format pdf` does) and reads it back with poppler's pdfinfo and pdftotext.
/// `make test` installs both; the test is skipped only where they are missing.
@Suite("progress report in a real browser")
struct ProgressReportPDFTests {
    static let path = ProcessInfo.processInfo.environment["PATH"]
    static func onPath(_ name: String) -> String? {
        (path ?? "").split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    static let engine = PDFEngine.find(searchPath: path).flatMap { $0.kind == .chromium ? $0 : nil }
    static let pdftotext = onPath("pdftotext")
    static let pdfinfo = onPath("pdfinfo")

    static func tool(_ executable: String, _ arguments: [String]) throws -> String {
        try TestProgram.run(executable, arguments).text
    }

    @Test("the progress report prints: Letter, a cover, every goal, no full name",
          .enabled(if: engine != nil && pdftotext != nil && pdfinfo != nil, "needs Chromium and poppler-utils: sudo apt-get install -y chromium poppler-utils"))
    func printsTheFixture() throws {
        let engine = try #require(Self.engine), pdftotext = try #require(Self.pdftotext), pdfinfo = try #require(Self.pdfinfo)
        let html = try ProgressReportTests.html()
        let bytes = try engine.render(html, timeout: 180)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("afterflow-progress-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("progress.pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: pdf))

        let info = try Self.tool(pdfinfo, [pdf])
        #expect(info.contains("Page size:       612 x 792 pts (letter)"), "\(info)")
        let pagesLine = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") })
        let pages = try #require(Int(pagesLine.split(separator: " ").last ?? ""))
        // A cover, each of the four goals from a new page, the notes.
        #expect(pages >= 6 && pages <= 12, "\(pages) pages")

        let cover = try Self.tool(pdftotext, ["-f", "1", "-l", "1", "-layout", pdf, "-"])
        #expect(cover.contains("Progress Report") && cover.contains("Maya T.") && cover.contains("6 years"))
        #expect(cover.contains("Jan 7, 2025 to Feb 18, 2025") && cover.contains("Jordan Rivera, CCC-SLP"))
        let all = try Self.tool(pdftotext, ["-layout", pdf, "-"])
        for title in ["Produce /s/ in word-initial position", "Turn-taking in a board game", "Follow two-step directions", "Answer wh- questions about a picture"] {
            #expect(all.contains(title), "\(title)")
        }
        #expect(all.contains("Mastered on 2025-02-11: 80 %+ in 3 consecutive sessions of 10+ trials"))
        #expect(all.contains("Feb 4, 2025 (not counted)"))
        #expect(all.contains("criterion"), "the chart's text is in the PDF")
        #expect(all.contains("Session notes") && all.contains("Tired; a short probe only."))
        #expect(!all.contains("Thompson") && !all.contains("2018"))
        #expect(!all.contains("file://"), "no browser header or footer")
        let second = try Self.tool(pdftotext, ["-f", "2", "-l", "2", "-layout", pdf, "-"])
        #expect(second.contains("Page 2 of \(pages)"), "the footer numbers the pages")
        #expect(second.contains("Progress Report · Maya T. · confidential"))
    }
}
