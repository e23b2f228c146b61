@testable import AfterflowKit
import Foundation
import Testing

/// The offline half of `music fetch`: the request for each provider, reading what each answers,
/// the duration text, and the edit that writes the details.
@Suite struct MusicDetailsTests {
    @Test(arguments: [(4980, "1 hr 23 min"), (3600, "1 hr"), (60, "1 min"), (59, "Under 1 min"), (0, "Under 1 min"),
                      (3659, "1 hr"), (7260, "2 hr 1 min"), (1500, "25 min")])
    func durationText(seconds: Int, text: String) {
        #expect(MusicDuration.text(seconds: seconds) == text)
    }

    @Test func negativeDurationHasNoText() {
        #expect(MusicDuration.text(seconds: -1) == nil)
    }

    // MARK: - What each provider answers (shared/reference/afterflow-app.md)

    @Test func spotifyGivesATitleAndNoAuthor() throws {
        let answer = #"{"html":"<iframe></iframe>","width":456,"height":352,"version":"1.0","provider_name":"Spotify","provider_url":"https://spotify.com","type":"rich","title":"Deep Focus","thumbnail_url":"https://i.scdn.co/x"}"#
        #expect(try MusicDetails(oEmbed: Data(answer.utf8)) == MusicDetails(title: "Deep Focus"))
    }

    @Test func youTubeGivesATitleAndAnAuthor() throws {
        let answer = #"{"title":"Ocean Waves","author_name":"Calm Water","author_url":"https://www.youtube.com/@c","type":"video","height":113,"width":200,"version":"1.0","thumbnail_url":"https://i.ytimg.com/x.jpg"}"#
        #expect(try MusicDetails(oEmbed: Data(answer.utf8)) == MusicDetails(title: "Ocean Waves", author: "Calm Water"))
    }

    @Test func soundCloudsVersionIsANumberAndWidthAString() throws {
        let answer = #"{"version":1.0,"type":"rich","provider_name":"SoundCloud","height":400,"width":"100%","title":"Slow Water","description":"d","thumbnail_url":"t","author_name":"Tidepool"}"#
        #expect(try MusicDetails(oEmbed: Data(answer.utf8)) == MusicDetails(title: "Slow Water", author: "Tidepool"))
    }

    @Test func tidalMayGiveNoTitleAtAll() throws {
        let answer = #"{"version":"1.0","type":"rich","provider_name":"TIDAL","width":800,"height":400,"html":"<div></div>"}"#
        let details = try MusicDetails(oEmbed: Data(answer.utf8))
        #expect(details.isEmpty)
    }

    @Test(arguments: [(#"{"duration":4980}"#, 4980), (#"{"duration":4980.4}"#, 4980), (#"{"duration":"4980"}"#, 4980),
                      (#"{"duration":-5}"#, nil), (#"{"duration":"long"}"#, nil), (#"{"duration":null}"#, nil), (#"{"duration":[1]}"#, nil)] as [(String, Int?)])
    func aDurationIsTakenWhenItIsANumber(answer: String, seconds: Int?) throws {
        #expect(try MusicDetails(oEmbed: Data(answer.utf8)).duration == seconds)
    }

    @Test func fieldsOfAnotherTypeAreIgnored() throws {
        let details = try MusicDetails(oEmbed: Data(#"{"title":12,"author_name":{"a":1},"duration":true}"#.utf8))
        #expect(details.title == nil && details.author == nil)
    }

    @Test func aTitleBecomesOneLineWithoutControlCharacters() throws {
        let details = try MusicDetails(oEmbed: Data(#"{"title":"  Deep\n\tFocus\u001b[31m  ","author_name":"   "}"#.utf8))
        #expect(details.title == "Deep Focus [31m")
        #expect(details.author == nil)
    }

    @Test(arguments: [#"{"title": "Half"#, "<html>Not Found</html>", "", #"["title"]"#, "42"])
    func anAnswerThatIsNotAJSONObjectIsRefused(answer: String) {
        #expect(throws: MusicDetails.Unreadable.self) { try MusicDetails(oEmbed: Data(answer.utf8)) }
    }

    // MARK: - The request

    @Test(arguments: [
        ("https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n", "https://open.spotify.com/oembed?url=https%3A%2F%2Fopen.spotify.com%2Fplaylist%2F37i9dQZF1DX4dyzvuaRJ0n"),
        ("spotify:playlist:4vQX2r8Hn1TzJk7bWcP0dE", "https://open.spotify.com/oembed?url=https%3A%2F%2Fopen.spotify.com%2Fplaylist%2F4vQX2r8Hn1TzJk7bWcP0dE"),
        ("https://youtu.be/k3Yp9WqZ2fE?t=30", "https://www.youtube.com/oembed?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3Dk3Yp9WqZ2fE&format=json"),
        ("http://soundcloud.com/a/sets/b", "https://soundcloud.com/oembed?format=json&url=https%3A%2F%2Fsoundcloud.com%2Fa%2Fsets%2Fb"),
        ("https://tidal.com/browse/playlist/abc-1", "https://oembed.tidal.com/?url=https%3A%2F%2Ftidal.com%2Fbrowse%2Fplaylist%2Fabc-1"),
    ])
    func eachProviderIsAskedAtItsOwnAddress(link: String, url: String) throws {
        let request = try #require(OEmbedRequest(link: MusicLink(link)))
        #expect(request.url == url)
        #expect(request.host == URLComponents(string: url)?.host)
    }

    @Test(arguments: ["https://music.apple.com/us/playlist/calm/pl.u-1", "https://x.bandcamp.com/album/y",
                      "https://podcasts.apple.com/us/podcast/z/id1", "https://example.com/mix", "javascript:alert(1)", "spotify:"])
    func otherLinksAreNeverAsked(link: String) {
        #expect(OEmbedRequest(link: MusicLink(link)) == nil)
    }

    @Test func aTestBaseKeepsThePathAndQuery() throws {
        let base = try #require(OEmbedRequest.Base("http://127.0.0.1:8123/"))
        let request = try #require(OEmbedRequest(link: MusicLink("https://soundcloud.com/a/b"), base: base))
        #expect(request.url == "http://127.0.0.1:8123/oembed?format=json&url=https%3A%2F%2Fsoundcloud.com%2Fa%2Fb")
        #expect(request.host == "127.0.0.1")
    }

    @Test(arguments: ["127.0.0.1:8080", "ftp://127.0.0.1", "http://127.0.0.1:8080/api", "http://u:p@127.0.0.1", "http://127.0.0.1/?q=1", "http://"])
    func aTestBaseIsOnlySchemeHostAndPort(text: String) {
        #expect(OEmbedRequest.Base(text) == nil)
    }

    @Test(arguments: [("https://open.spotify.com/album/x", "spotify"), ("https://youtu.be/x", "youtube"), ("soundcloud.com/a/b", "soundcloud"),
                      ("https://listen.tidal.com/album/1", "tidal"), ("https://music.apple.com/us/album/x/1", "apple-music"),
                      ("https://podcasts.apple.com/us/podcast/x/id1", "apple-podcasts"), ("https://a.bandcamp.com/album/b", "bandcamp"),
                      ("https://example.com/x", "link")])
    func theProviderIsDerivedFromTheLink(link: String, slug: String) {
        #expect(MusicLink(link).service.slug == slug)
    }

    // MARK: - Writing them

    let editor = SessionEditor(timeZone: TimeZone(identifier: "America/Los_Angeles")!)
    let source = """
        ---
        id: 6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34
        date: 2024-12-10T14:30:00-08:00
        treatment: psilocybin   # a comment
        mood_before: 4
        status: needs-reflection
        music: https://open.spotify.com/playlist/abc
        tags: [nature]
        facilitator: Maya
        updated: 2024-12-10T18:00:00-08:00
        ---

        ## Intention

        Listen.\r

        """

    @Test func theDetailsGoAfterTheLinkAndNothingElseChanges() {
        let document = Document(source)
        let edited = editor.settingMusicDetails(MusicDetails(title: "Deep: Focus", author: "Spotify", duration: 4980), in: document)
        let expected = source.replacingOccurrences(of: "music: https://open.spotify.com/playlist/abc\n",
                                                   with: "music: https://open.spotify.com/playlist/abc\nmusic_title: \"Deep: Focus\"\nmusic_author: Spotify\nmusic_duration: 4980\n")
        #expect(String(decoding: edited.bytes, as: UTF8.self) == expected)
        let session = Session(document: edited)
        #expect(session.musicDetails == MusicDetails(title: "Deep: Focus", author: "Spotify", duration: 4980))
        #expect(!session.diagnostics.hasErrors)
    }

    @Test func aDetailTheAnswerLacksIsLeftAsTheFileHasIt() {
        let withAuthor = source.replacingOccurrences(of: "tags: [nature]\n", with: "tags: [nature]\nmusic_author: Typed By Hand   # mine\nmusic_title: Old\n")
        let edited = editor.settingMusicDetails(MusicDetails(title: "New"), in: Document(withAuthor))
        let text = String(decoding: edited.bytes, as: UTF8.self)
        #expect(text == withAuthor.replacingOccurrences(of: "music_title: Old", with: "music_title: New"))
    }

    @Test func theSameDetailsChangeNoByte() {
        let once = editor.settingMusicDetails(MusicDetails(title: "Deep Focus"), in: Document(source))
        let twice = editor.settingMusicDetails(MusicDetails(title: "Deep Focus"), in: once)
        #expect(twice.bytes == once.bytes)
    }

    @Test func theJSONHasTheDurationAsANumber() {
        let edited = editor.settingMusicDetails(MusicDetails(title: "T", duration: 4980), in: Document(source))
        let json = Session(document: edited).json(path: "x.md", timeZone: TimeZone(identifier: "America/Los_Angeles")!).serialized()
        #expect(json.contains(#""music_title":"T","music_duration":4980"#))
    }

    @Test func settingAnotherLinkRemovesTheDetailsOfTheOldOne() throws {
        let fetched = editor.settingMusicDetails(MusicDetails(title: "Deep Focus", duration: 60), in: Document(source))
        let same = try editor.setting("music", to: "https://open.spotify.com/playlist/abc", in: fetched)
        #expect(same.bytes == fetched.bytes)
        let other = try editor.setting("music", to: "https://youtu.be/x", in: fetched)
        #expect(String(decoding: other.bytes, as: UTF8.self) == source.replacingOccurrences(of: "music: https://open.spotify.com/playlist/abc", with: "music: https://youtu.be/x"))
    }
}
