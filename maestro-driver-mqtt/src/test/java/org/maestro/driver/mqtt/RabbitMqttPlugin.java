package org.maestro.driver.mqtt;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.TimeUnit;
import org.maestro.testing.RabbitCtl;
import org.maestro.testing.RequiredServer;

/**
 * RabbitMQ's MQTT plugin ({@code rabbitmq_mqtt}) on the machine's broker (127.0.0.1:5672), listening on
 * 127.0.0.1:1884 since Mosquitto holds 1883. Started at run time when it does not listen, without touching the
 * broker's files: the listener is set in the node's memory before the plugin starts, so a restarted broker comes back
 * without it. Tests skip when no broker runs, and fail when the {@code CI} environment variable is set.
 */
final class RabbitMqttPlugin {
    static final String HOST = "127.0.0.1";
    static final int PORT = 1884;
    /** What {@code .ci/run} evaluates too: idempotent, and a no-op while the plugin runs. */
    static final String START = "application:load(rabbitmq_mqtt), "
            + "application:set_env(rabbitmq_mqtt, tcp_listeners, [{\"" + HOST + "\", " + PORT + "}]), "
            + "application:ensure_all_started(rabbitmq_mqtt).";

    private RabbitMqttPlugin() {}

    /** Makes sure the plugin listens; skips the calling test when there is no broker (fails it under CI). */
    static void require() throws Exception {
        if (RequiredServer.listening(PORT)) {
            return;
        }
        RequiredServer.require(
                RequiredServer.listening(5672) && RabbitCtl.installed(),
                "no RabbitMQ on " + HOST + ":5672 with rabbitmqctl to start its MQTT plugin on port " + PORT,
                "start RabbitMQ 3.x there (user guest/guest) and install rabbitmqctl");
        String answer = RabbitCtl.eval(START);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!RequiredServer.listening(PORT)) {
            if (System.nanoTime() > deadline) {
                fail("RabbitMQ's MQTT plugin does not listen on " + HOST + ":" + PORT + " 10 s after starting it; "
                        + "rabbitmqctl eval answered: " + answer);
            }
            Thread.sleep(100); // a process helper polling for its port, with the deadline above
        }
    }

    /** A URL of a topic no other test uses, with guest/guest and the given query (starting with {@code ?}). */
    static String url(String query) {
        return "mqtt://guest:guest@" + HOST + ":" + PORT + "/maestro/test/" + java.util.UUID.randomUUID() + query;
    }
}
