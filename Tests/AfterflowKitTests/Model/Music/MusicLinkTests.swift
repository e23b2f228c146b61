@testable import AfterflowKit
import Foundation
import Testing

@Suite struct MusicLinkTests {
    @Test(arguments: [
        ("spotify:playlist:37i9dQZF1DX4dyzvuaRJ0n", MusicLink.Service.spotify, "https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n" as String?, nil as String?),
        ("https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n", .spotify, "https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n", nil),
        ("http://www.youtube.com/watch?v=k3Yp9WqZ2fE", .youTube, "https://www.youtube.com/watch?v=k3Yp9WqZ2fE", nil),
        ("https://youtu.be/k3Yp9WqZ2fE?t=30", .youTube, "https://www.youtube.com/watch?v=k3Yp9WqZ2fE", nil),
        ("https://www.youtube-nocookie.com/embed/abc", .youTube, "https://www.youtube-nocookie.com/embed/abc", nil),
        ("https://soundcloud.com/tidepool-sessions/sets/slow-water", .soundCloud, "https://soundcloud.com/tidepool-sessions/sets/slow-water", "Slow Water"),
        ("https://music.apple.com/us/playlist/calm/pl.u-123", .appleMusic, "https://music.apple.com/us/playlist/calm/pl.u-123", "Calm"),
        ("https://music.apple.com/us/album/blue-waves/1440857781", .appleMusic, "https://music.apple.com/us/album/blue-waves/1440857781", "Blue Waves"),
        ("https://podcasts.apple.com/us/podcast/the-daily/id1200361736", .applePodcasts, "https://podcasts.apple.com/us/podcast/the-daily/id1200361736", "The Daily"),
        ("https://itunes.apple.com/us/podcast/slow-radio/id123", .applePodcasts, "https://itunes.apple.com/us/podcast/slow-radio/id123", "Slow Radio"),
        ("https://itunes.apple.com/us/album/quiet_hours/id99", .appleMusic, "https://itunes.apple.com/us/album/quiet_hours/id99", "Quiet Hours"),
        ("https://tidal.com/browse/album/blue-waves", .tidal, "https://tidal.com/browse/album/blue-waves", "Blue Waves"),
        ("lowtideloops.bandcamp.com/album/salt-and-static", .bandcamp, "https://lowtideloops.bandcamp.com/album/salt-and-static", "Salt And Static"),
        ("https://example.org/mixes/Deep%20Rest.mp3", .link, "https://example.org/mixes/Deep%20Rest.mp3", "Deep Rest"),
        ("javascript:alert(1)", .link, nil, nil),
        ("javascript:alert(document.cookie)", .link, nil, nil),
        ("data:text/html,<script>alert(1)</script>", .link, nil, nil),
        ("not a link", .link, nil, nil),
    ])
    func classifiesLinksAndTitlesThemFromTheirPath(_ text: String, _ service: MusicLink.Service, _ web: String?, _ title: String?) {
        let link = MusicLink(text)
        #expect(link.service == service)
        #expect(link.webURL == web)
        #expect(link.title == title)
        #expect(link.original == text)
    }

    /// Every text trims as Foundation trims it, whatever its first and last characters.
    @Test func trimmingIsFoundations() {
        let ends = (0x00...0x7F).map { String(UnicodeScalar(UInt8($0))) }
            + ["\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{200B}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{FEFF}", "é", "\u{301}", "🎧"]
        for first in ends {
            for last in ["a", " ", "\t", "\u{3000}", "\u{A0}", "~", "\n"] {
                let text = first + " x.org/a " + last
                #expect(MusicLink.trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
                #expect(MusicLink.trimmingWhitespace(last + text) == (last + text).trimmingCharacters(in: .whitespaces))
            }
        }
    }
}
