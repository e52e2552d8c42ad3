package org.maestro.topology.management;

import org.maestro.topology.InfrastructureException;

/** The router network did not reach the expected state before the deadline; the message says what each router misses. */
public final class NotConvergedException extends InfrastructureException {

    public NotConvergedException(String message) {
        super(message);
    }
}
