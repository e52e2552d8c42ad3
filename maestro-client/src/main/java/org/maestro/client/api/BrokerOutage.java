package org.maestro.client.api;

import java.time.Duration;
import org.maestro.common.client.ControlClient;

/** Keeps track of the time the client was cut off from the control broker during one test. Not thread-safe. */
final class BrokerOutage {
    private final ControlClient client;
    private long downSinceNanos = -1;
    private long totalDownNanos;

    BrokerOutage(ControlClient client) {
        this.client = client;
    }

    /** Looks at the connection now and records when an outage starts or ends. */
    void observe() {
        boolean connected = client.isConnected();
        long now = System.nanoTime();
        if (!connected && downSinceNanos < 0) {
            downSinceNanos = now;
        } else if (connected && downSinceNanos >= 0) {
            totalDownNanos += now - downSinceNanos;
            downSinceNanos = -1;
        }
    }

    /** True while the client is not connected to the control broker. */
    boolean isOngoing() {
        observe();
        return downSinceNanos >= 0;
    }

    /** How long the control broker was unreachable so far in this test. */
    Duration total() {
        observe();
        return Duration.ofNanos(totalDownNanos + (downSinceNanos >= 0 ? System.nanoTime() - downSinceNanos : 0));
    }

    /**
     * A clause for a failure reason naming the outage, e.g. {@code " while the control broker … was unreachable for
     * 62 s"}; empty when there was none.
     */
    String describe() {
        long seconds = total().toSeconds();
        if (seconds == 0 && !isOngoing()) {
            return "";
        }
        return (isOngoing() ? " and the control broker " + client.endpoint() + " is still unreachable after "
                : " while the control broker " + client.endpoint() + " was unreachable for ") + seconds + " s";
    }
}
