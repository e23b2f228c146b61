@testable import AfterflowKit
import Testing

@Suite struct EditorCommandTests {
    @Test(arguments: [
        ("vi", ["vi", "+12", "/v/a.md"]),
        ("vim", ["vim", "+12", "/v/a.md"]),
        ("/usr/bin/nvim", ["/usr/bin/nvim", "+12", "/v/a.md"]),
        ("nvim -p", ["nvim", "-p", "+12", "/v/a.md"]),
        ("vim.basic", ["vim.basic", "+12", "/v/a.md"]),
        ("nano", ["nano", "+12", "/v/a.md"]),
        ("emacs -nw", ["emacs", "-nw", "+12", "/v/a.md"]),
        ("emacsclient -t", ["emacsclient", "-t", "+12", "/v/a.md"]),
        ("micro", ["micro", "+12", "/v/a.md"]),
        ("kak", ["kak", "+12", "/v/a.md"]),
        ("hx", ["hx", "+12", "/v/a.md"]),
        ("helix", ["helix", "+12", "/v/a.md"]),
        ("code --wait", ["code", "--wait", "-g", "/v/a.md:12"]),
        ("code-insiders -w", ["code-insiders", "-w", "-g", "/v/a.md:12"]),
        ("codium --wait", ["codium", "--wait", "-g", "/v/a.md:12"]),
        ("\"/Applications/Visual Studio Code.app/Contents/Resources/app/bin/code\" --wait",
         ["/Applications/Visual Studio Code.app/Contents/Resources/app/bin/code", "--wait", "-g", "/v/a.md:12"]),
        ("gedit", ["gedit", "/v/a.md"]),
        ("subl -w", ["subl", "-w", "/v/a.md"]),
        ("my\\ editor", ["my editor", "/v/a.md"]),
        ("'vim' -c 'set tw=72'", ["vim", "-c", "set tw=72", "+12", "/v/a.md"]),
    ])
    func theCommandLineForEachEditor(_ editor: String, _ expected: [String]) {
        #expect(EditorCommand(editor).argv(path: "/v/a.md", line: 12) == expected)
    }

    @Test(arguments: ["vim", "code --wait", "gedit"])
    func withoutALineOnlyTheFileIsAdded(_ editor: String) {
        #expect(EditorCommand(editor).arguments(path: "/v/a.md", line: nil) == ["/v/a.md"])
        #expect(EditorCommand(editor).arguments(path: "/v/a.md", line: 0) == ["/v/a.md"])
    }

    @Test func aPathWithSpacesStaysOneArgument() {
        #expect(EditorCommand("vim").arguments(path: "/my vault/a b.md", line: 3) == ["+3", "/my vault/a b.md"])
        #expect(EditorCommand("code").arguments(path: "/my vault/a b.md", line: 3) == ["-g", "/my vault/a b.md:3"])
    }
}
