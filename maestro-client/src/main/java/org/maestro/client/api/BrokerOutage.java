package org.maestro.client.api;

import java.time.Duration;
import org.maestro.base.time.MicroClock;

/**
 * Keeps track of the time the client was cut off from the control broker during one test, on the clock it is given.
 * Not thread-safe.
 */
final class BrokerOutage {
    private final TestPeers client;
    private final MicroClock clock;
    private long downSinceMicros = -1;
    private long totalDownMicros;

    BrokerOutage(TestPeers client, MicroClock clock) {
        this.client = client;
        this.clock = clock;
    }

    /** Looks at the connection now and records when an outage starts or ends. */
    void observe() {
        boolean connected = client.isConnected();
        long now = clock.nowMicros();
        if (!connected && downSinceMicros < 0) {
            downSinceMicros = now;
        } else if (connected && downSinceMicros >= 0) {
            totalDownMicros += now - downSinceMicros;
            downSinceMicros = -1;
        }
    }

    /** True while the client is not connected to the control broker. */
    boolean isOngoing() {
        observe();
        return downSinceMicros >= 0;
    }

    /** How long the control broker was unreachable so far in this test. */
    Duration total() {
        observe();
        return Duration.ofNanos(
                1_000 * (totalDownMicros + (downSinceMicros >= 0 ? clock.nowMicros() - downSinceMicros : 0)));
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
        return (isOngoing()
                        ? " and the control broker " + client.endpoint() + " is still unreachable after "
                        : " while the control broker " + client.endpoint() + " was unreachable for ")
                + seconds + " s";
    }
}
