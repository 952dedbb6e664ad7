import DNSimCLI
import Foundation

exit(DNSimCommand.main(Array(CommandLine.arguments.dropFirst()), console: .standard(environment: ProcessInfo.processInfo.environment)))
