// link-down <seconds> <port> [--netns <namespace>]: cuts the TCP traffic of a port (an inter-router link) for a time.
if (args.size() < 2) {
    fail 'usage: link-down <seconds> <port> [--netns <namespace>]'
}
progress "cutting port ${args[1]}"
return ready('drop', "${args[0]}s", '--port', args[1], *args.drop(2))
