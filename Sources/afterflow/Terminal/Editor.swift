import AfterflowKit
import Foundation

/// Runs the user's editor (`$VISUAL`, then `$EDITOR`, then `vi`) on a file and waits for it.
enum Editor {
    static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for key in ["VISUAL", "EDITOR"] {
            if let value = environment[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// Opens `path`, at `line` (1-based) when given and the editor is one afterflow knows how to
    /// tell. The editor command may carry its own arguments (`code --wait`); it runs as git runs
    /// it, `sh -c '<editor> "$@"'`.
    static func open(_ path: String, line: Int? = nil) throws(VaultError) {
        let editor = command()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$@\"", "afterflow-editor"] + EditorCommand(editor).arguments(path: path, line: line)
        do {
            try process.run()
        } catch {
            throw VaultError(.io, "cannot start the editor '\(editor)': \(error.localizedDescription)",
                             details: ["Set VISUAL or EDITOR to your editor, for example: export EDITOR=nano"])
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let what = process.terminationStatus == 127
                ? "the editor '\(editor)' was not found; afterflow changed nothing"
                : "the editor '\(editor)' exited with status \(process.terminationStatus); afterflow changed nothing"
            throw VaultError(.io, what, details: ["Set VISUAL or EDITOR to your editor, for example: export EDITOR=nano"])
        }
    }
}
