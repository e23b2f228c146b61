import ArgumentParser

extension Afterflow {
    struct MusicCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "music",
            abstract: "Music links: fetch a title, author and length from the provider, online and on request only.",
            discussion: """
                A session's music: key is a link (Spotify, YouTube, SoundCloud, Tidal, Apple Music, Bandcamp, …). Everything afterflow knows of it offline comes from the link itself; --where music_provider=spotify filters on its provider.

                'music fetch --online' is the one command of afterflow that uses the network: see its help.

                Examples:
                  afterflow music fetch last --online
                  afterflow list --where music_provider=spotify
                """,
            subcommands: [MusicFetch.self])
    }
}
