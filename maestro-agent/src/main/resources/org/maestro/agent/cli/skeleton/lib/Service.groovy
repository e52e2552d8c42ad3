import org.maestro.agent.handler.ActionContext

/** A systemd unit the handlers stop and start (no shell: argument lists only). */
class Service {
    final ActionContext action
    final String unit

    Service(ActionContext action, String unit) {
        this.action = action
        this.unit = unit
    }

    void stop() {
        action.execOrFail(['systemctl', 'stop', unit])
    }

    void start() {
        action.execOrFail(['systemctl', 'start', unit])
    }
}
