import Foundation

/// Desktop notifications: `notify-send` (freedesktop), else `osascript` on macOS.
enum Notifier {
    enum Outcome: Equatable {
        case sent
        /// No notification program on `PATH`.
        case missing
        case failed(String)
    }

    /// Shows a notification with `title` and `body` and nothing else.
    static func send(title: String, body: String) -> Outcome {
        let arguments: [String]
        if let notifySend = find("notify-send") {
            arguments = [notifySend, title, body]
        } else if let osascript = find("osascript") {
            arguments = [osascript, "-e", "display notification \(appleScript(body)) with title \(appleScript(title))"]
        } else {
            return .missing
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        do {
            try process.run()
        } catch {
            return .failed("cannot run \(arguments[0]): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? .sent : .failed("\(arguments[0]) exited with status \(process.terminationStatus)")
    }

    /// The first executable called `name` in the folders of `PATH`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    private static func appleScript(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
