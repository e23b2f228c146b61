import Foundation

extension IndexedSession {
    /// The details `music fetch` wrote, read from the indexed keys; parsed only for the few
    /// sessions that have any.
    public var musicDetails: MusicDetails {
        guard keysJSON.contains("\"music_"),
              let keys = try? JSONSerialization.jsonObject(with: Data(keysJSON.utf8)) as? [String: Any] else { return MusicDetails() }
        func text(_ key: String) -> String? {
            guard let string = keys[key] as? String, !string.isBlank else { return nil }
            return string
        }
        var duration: Int?
        if let number = keys["music_duration"] as? NSNumber, !(keys["music_duration"] is String) {
            duration = number.intValue >= 0 ? number.intValue : nil
        } else if let string = keys["music_duration"] as? String {
            duration = MusicDuration.seconds(parsing: string)
        }
        return MusicDetails(title: text("music_title"), author: text("music_author"), duration: duration)
    }
}
