import Foundation

extension Session {
    /// The details `music fetch` wrote (`music_title`, `music_author`, `music_duration`), each when
    /// the file holds a usable value; read on demand, as few files have them.
    public var musicDetails: MusicDetails {
        guard let frontMatter = document.frontMatter else { return MusicDetails() }
        func text(_ key: String) -> String? {
            guard let s = frontMatter.entry(key)?.value.scalar, !s.isNull, !s.text.isBlank else { return nil }
            return s.text
        }
        return MusicDetails(title: text("music_title"), author: text("music_author"),
                            duration: text("music_duration").flatMap(MusicDuration.seconds(parsing:)))
    }
}

extension SessionEditor {
    /// The session's keys in canonical order with the music details right after `music`.
    public static let musicDetailsOrder: [String] = {
        var order = SessionKey.order
        let at = (order.firstIndex(of: SessionKey.music.rawValue) ?? order.count - 1) + 1
        order.insert(contentsOf: MusicDetails.keys, at: at)
        return order
    }()

    /// Writes each detail that `details` has (`music_title`, `music_author`, `music_duration` in
    /// seconds), after `music`; a detail it lacks is left as the file has it. Only those lines change.
    public func settingMusicDetails(_ details: MusicDetails, in document: Document) -> Document {
        var result = document
        let values: [(String, String?)] = [
            ("music_title", details.title.map(YAMLWriter.scalar)),
            ("music_author", details.author.map(YAMLWriter.scalar)),
            ("music_duration", details.duration.map(String.init)),
        ]
        for (key, value) in values {
            guard let value else { continue }
            result = result.settingFrontMatter(key, to: SessionWriter.line(key, value), order: SessionEditor.musicDetailsOrder)
        }
        return result
    }

    /// Removes the music details: for a link that changed, which they no longer describe.
    func removingMusicDetails(in document: Document) -> Document {
        var result = document
        for key in MusicDetails.keys { result = result.settingFrontMatter(key, to: nil, order: SessionEditor.musicDetailsOrder) }
        return result
    }
}
