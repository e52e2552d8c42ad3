// service-down <unit> <seconds>: stops a systemd unit for a time, then starts it again.
if (args.size() != 2) {
    fail 'usage: service-down <unit> <seconds>'
}
def unit = args[0]
def seconds = args[1] as int
def service = new Service(action, unit)

service.stop()
onUndo("start ${unit}") { service.start() }
progress "${unit} stopped for ${seconds} s"
pause seconds
return "${unit} was down for ${seconds} s"
