import AfterflowKit
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
        let ended: ChildProcess.Termination
        do {
            ended = try ChildProcess(arguments[0], Array(arguments.dropFirst())).run()
        } catch {
            return .failed("cannot run \(arguments[0]): \(error.reason)")
        }
        return ended.status == 0 ? .sent : .failed("\(arguments[0]) exited with status \(ended.status)")
    }

    /// The first executable called `name` in the folders of `PATH`.
    static func find(_ name: String) -> String? {
        Programs.find(name)
    }

    private static func appleScript(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
