// restart [unit]: restarts a systemd unit (qdrouterd by default) and waits until it is active again.
def unit = args ? args[0] : 'qdrouterd'
def systemd = new Systemd(action)
long began = System.nanoTime()
systemd.restart(unit)
systemd.awaitActive(unit, 60)
return "${unit} active again after ${(System.nanoTime() - began).intdiv(1_000_000)} ms"
