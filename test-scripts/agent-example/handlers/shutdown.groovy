// shutdown <seconds> [unit]: stops a systemd unit for a time; it is started again however the action ends.
if (!args) {
    fail 'usage: shutdown <seconds> [unit]'
}
def seconds = args[0] as int
def unit = args.size() > 1 ? args[1] : 'qdrouterd'
def systemd = new Systemd(action)

systemd.stop(unit)
onUndo("start ${unit}") {
    systemd.start(unit)
    systemd.awaitActive(unit, 60)
}
progress "${unit} down for ${seconds} s"
pause seconds
return "${unit} was down for ${seconds} s"
