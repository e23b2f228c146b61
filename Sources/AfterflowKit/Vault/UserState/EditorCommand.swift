/// How to open a file at a line in the user's editor (`$VISUAL`, `$EDITOR`).
///
/// The editor setting is a shell command (`vim`, `code --wait`); afterflow runs it as git does,
/// `sh -c '<editor> "$@"'`, with the arguments from `arguments(path:line:)`.
public struct EditorCommand: Sendable, Hashable {
    /// The setting as the user wrote it.
    public let command: String

    /// How an editor takes a line to start at.
    public enum LineStyle: Sendable, Hashable {
        /// `+12 file`: vi, vim, nvim, nano, emacs, micro, kak, helix.
        case plus
        /// `-g file:12`: Visual Studio Code and its builds.
        case goTo
        /// The file alone: an editor afterflow does not know.
        case none
    }

    public init(_ command: String) {
        self.command = command
    }

    static let plusEditors: Set<String> = [
        "vi", "vim", "nvim", "gvim", "mvim", "view", "nano", "pico", "emacs", "emacsclient", "micro", "kak", "hx", "helix",
    ]
    static let goToEditors: Set<String> = ["code", "code-insiders", "codium", "vscodium", "code-oss"]

    /// The program's name without its folder: `nvim` for `/usr/bin/nvim -p`.
    public var program: String {
        let first = EditorCommand.words(command).first ?? ""
        return String(first.split(separator: "/").last ?? "")
    }

    public var lineStyle: LineStyle {
        var name = program.lowercased()
        if name.hasSuffix(".exe") { name.removeLast(4) }
        if EditorCommand.goToEditors.contains(name) { return .goTo }
        // Debian's alternatives: vim.basic, vim.tiny, vim.nox, vim.gtk3.
        if EditorCommand.plusEditors.contains(name) || name.hasPrefix("vim.") { return .plus }
        return .none
    }

    /// The arguments after the editor command: `["+12", path]`, `["-g", "path:12"]` or `[path]`.
    /// `line` is 1-based; nil opens the file at its top.
    public func arguments(path: String, line: Int?) -> [String] {
        guard let line, line >= 1 else { return [path] }
        switch lineStyle {
        case .plus: return ["+\(line)", path]
        case .goTo: return ["-g", "\(path):\(line)"]
        case .none: return [path]
        }
    }

    /// The whole command line as words, for showing and testing: the command's own words, then
    /// `arguments(path:line:)`.
    public func argv(path: String, line: Int?) -> [String] {
        EditorCommand.words(command) + arguments(path: path, line: line)
    }

    /// Splits a command into words as a POSIX shell would for quotes and backslashes (no
    /// expansions): `code --wait`, `"/Applications/My Editor" -w`.
    public static func words(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in command {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "\\":
                escaped = true
                inWord = true
            case "\"", "'":
                quote = character
                inWord = true
            case " ", "\t", "\n":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
