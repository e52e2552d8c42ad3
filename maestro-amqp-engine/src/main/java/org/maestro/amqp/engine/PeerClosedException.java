package org.maestro.amqp.engine;

import java.io.IOException;

/** The peer closed the socket of an {@link AmqpEngine}: what it said before (a close, a SASL outcome) is in the engine. */
public final class PeerClosedException extends IOException {
    private static final long serialVersionUID = 1L;

    public PeerClosedException(String message) {
        super(message);
    }
}
