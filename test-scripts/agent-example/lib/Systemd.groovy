import org.maestro.agent.handler.ActionContext
import org.maestro.agent.handler.ActionFailedException

import java.time.Duration

/** systemctl for the handlers: argument lists, no shell; every wait has a deadline. */
class Systemd {
    final ActionContext action

    Systemd(ActionContext action) {
        this.action = action
    }

    void stop(String unit) {
        action.execOrFail(['systemctl', 'stop', unit])
    }

    void start(String unit) {
        action.execOrFail(['systemctl', 'start', unit])
    }

    void restart(String unit) {
        action.execOrFail(['systemctl', 'restart', unit])
    }

    /** Waits until the unit is active; fails after the deadline. */
    void awaitActive(String unit, int seconds) {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L
        while (!action.exec(['systemctl', 'is-active', '--quiet', unit]).ok()) {
            if (System.nanoTime() > deadline) {
                throw new ActionFailedException("${unit} was not active ${seconds} s after being started")
            }
            action.pause(Duration.ofMillis(200))
        }
    }
}
