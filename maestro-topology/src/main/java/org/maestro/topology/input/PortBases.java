package org.maestro.topology.input;

/**
 * First port of each kind of listener; the n-th router (or broker) in declaration order gets
 * base + n. Plain data.
 */
public final class PortBases {

    /** Port of the first router's {@code normal} (client) listener. */
    public Integer normal = 5672;

    /** Port of the first router's {@code inter-router} listener. */
    public Integer interRouter = 55672;

    /** Port of the first broker's AMQP acceptor. */
    public Integer broker = 61616;

    public PortBases() {}

    public PortBases(int normal, int interRouter, int broker) {
        this.normal = normal;
        this.interRouter = interRouter;
        this.broker = broker;
    }
}
