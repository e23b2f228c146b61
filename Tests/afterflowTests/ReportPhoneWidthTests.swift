import Foundation
import Testing

/// The reports read on a phone: 390 px wide, the page itself never scrolls sideways (a wide table
/// scrolls in its own box). A visually hidden table header inside such a box once did: absolutely
/// placed, it escaped its box's clipping and widened the page by 45 px. A chart keeps a width at
/// which its words can be read, and scrolls in its own box too.
@Suite("reports on a phone", .serialized)
struct ReportPhoneWidthTests {
    @Test("the progress reports and the journal report fit 390 px: the page does not scroll sideways",
          .enabled(if: ServeTests.webDriver, "needs chromium, chromedriver and Python's selenium ('make test-deps' installs them)"))
    func fitAPhone() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let now = ["AFTERFLOW_NOW": "2025-10-20T09:00:00-07:00"]
            var pages: [String] = []
            for client in ["maya-t", "leo-o", "sam-r"] {
                let page = sandbox.path("\(client).html")
                expectStatus(try sandbox.run(["export", "progress", client, "--format", "html", "-o", page, "--vault", vault], environment: now), 0)
                pages.append(page)
            }
            let period = sandbox.path("maya-t-period.html")
            expectStatus(try sandbox.run(["export", "progress", "maya-t", "--period", "--dry-run", "--format", "html", "-o", period, "--vault", vault], environment: now), 0)
            let journal = sandbox.path("journal.html")
            expectStatus(try sandbox.run(["export", "html", "-o", journal, "--vault", vault], environment: now), 0)
            pages += [period, journal]
            let ran = try TestProgram.run("/usr/bin/env", ["python3", ServedVault.scripts + "/page_width.py"] + pages, timeout: 300)
            try #require(ran.succeeded, "\(ran)")
            let measured = ran.text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(measured.count == pages.count, "\(ran)")
            for page in measured {
                let scroll = page["scroll"] as? Int ?? -1, client = page["client"] as? Int ?? -2
                #expect(client == 390 && scroll == client, "\(page["file"] ?? "?"): \(scroll) px wide in a 390 px window; past the edge: \(page["past"] ?? [])")
                // A chart's smallest words (12 units of its 600-unit viewBox) stay readable: the
                // chart keeps 33rem (528 px), 12 × 528 ÷ 600 = 10.56 px, scrolling in its own box;
                // shrunk to the 390 px page's 360 px column they were 12 × 360 ÷ 600 = 7.2 px.
                if let text = page["chart_text"] as? Double {
                    #expect(text >= 10.5, "\(page["file"] ?? "?"): chart text \(text) px on a phone")
                }
            }
            // The progress reports have charts (the journal report may not).
            #expect(measured.prefix(4).allSatisfy { $0["chart_text"] is Double }, "\(measured)")
        }
    }
}
