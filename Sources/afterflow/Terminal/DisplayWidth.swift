import AfterflowKit

/// The display width rules live in the library (`AfterflowKit.DisplayWidth`); the command line's
/// tests name them as the command line's.
typealias DisplayWidth = AfterflowKit.DisplayWidth
