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

    /// Editors suggested when the one set does not run, friendliest first.
    static let suggestions = ["nano", "micro", "vim", "nvim", "vi", "emacs"]

    /// What to do when the editor does not run: set `EDITOR` to an editor that is on `PATH` here,
    /// or, when none of `suggestions` is, to the command of one's own editor.
    static func advice(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for name in suggestions where ChildProcess.find(name, searchPath: environment["PATH"]) != nil {
            return "Set VISUAL or EDITOR to your editor, for example: export EDITOR=" + Shell.quote(name)
        }
        return "Set VISUAL or EDITOR to the command that runs your editor (no nano, vim or vi was found on PATH)"
    }

    /// Opens `path`, at `line` (1-based) when given and the editor is one afterflow knows how to
    /// tell. The editor command may carry its own arguments (`code --wait`); it runs as git runs
    /// it, `sh -c '<editor> "$@"'`.
    static func open(_ path: String, line: Int? = nil) throws(VaultError) {
        let editor = command()
        let arguments = ["-c", "\(editor) \"$@\"", "afterflow-editor"] + EditorCommand(editor).arguments(path: path, line: line)
        let advice = [Editor.advice()]
        let outcome: ChildProcess.Termination
        do {
            outcome = try ChildProcess.runInForeground("/bin/sh", arguments, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw VaultError(.io, "cannot start the editor '\(editor)': \(error.reason)", details: advice)
        }
        switch outcome {
        case .exited(0):
            return
        case .exited(127):
            throw VaultError(.io, "the editor '\(editor)' was not found; afterflow changed nothing", details: advice)
        case .exited(let status):
            throw VaultError(.io, "the editor '\(editor)' exited with status \(status); afterflow changed nothing", details: advice)
        case .signaled(let number):
            throw VaultError(.io, "the editor '\(editor)' was ended by signal \(number); afterflow changed nothing", details: advice)
        }
    }
}
