package org.maestro.common.time;

import java.time.Duration;

/**
 * Calls a task on a fixed timeline, at start + n × interval; passed to pollers (the inspector's) so tests can tick by
 * hand instead of waiting.
 */
@FunctionalInterface
public interface Ticker {

    /** Starts ticking (the first tick at once); the returned handle stops it. */
    Ticking start(Duration interval, Runnable tick);

    /** A running ticker. */
    @FunctionalInterface
    interface Ticking {
        /** Stops ticking; a tick in progress finishes. */
        void stop();
    }
}
