import Foundation
import Testing

/// Raw HTML in what a user wrote is their text: shown, never dropped, never live (#9 item 9).
@Suite("raw HTML in a session")
struct RawHTMLTests {
    @Test("show and export html keep <sigh> and <numb> as text")
    func keptAsText() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault()
            let made = try sandbox.run(["new", "--vault", vault, "--date", "2024-12-10 14:30", "--treatment", "lsd",
                                        "--intention", "Rest.", "--mood-before", "5", "--remind", "none"])
            expectStatus(made, 0)
            let reflect = try sandbox.run(["reflect", "--vault", vault, "2024-12-10"],
                                          stdin: Data("<sigh> and then the tears came.\n\nIt felt <numb> all day.".utf8))
            expectStatus(reflect, 0)
            let show = try sandbox.run(["show", "--vault", vault, "2024-12-10"])
            expectStatus(show, 0)
            #expect(show.stdout.contains("<sigh> and then the tears came."), "\(show.stdout)")
            #expect(show.stdout.contains("It felt <numb> all day."))
            let html = try sandbox.run(["export", "html", "--vault", vault])
            expectStatus(html, 0)
            #expect(html.stdout.contains("&lt;sigh&gt; and then the tears came."))
            #expect(html.stdout.contains("It felt &lt;numb&gt; all day."))
            #expect(!html.stdout.contains("<sigh>"))
            #expect(!html.stdout.contains("<numb>"))
        }
    }
}
