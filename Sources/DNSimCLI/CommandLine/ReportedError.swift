/// An error whose description is the whole message, printed as it is; any
/// other error is printed after `error: `.
public protocol ReportedError: Error, CustomStringConvertible {}
