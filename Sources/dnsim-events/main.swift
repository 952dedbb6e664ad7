import DNSimCLI

DNSimCommand.main()
