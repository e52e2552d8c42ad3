package org.maestro.common.transport;

import org.maestro.common.protocol.Role;

/** The MQTT topics of the Maestro protocol and the QoS each kind of note travels with. */
public final class Topics {
    /** Requests to every peer. */
    public static final String ALL_PEERS = "/mpt/daemon";
    /** Replies and result-file data to the client. */
    public static final String CLIENT = "/mpt/maestro";
    /** Notifications from peers (test outcomes, last wills). */
    public static final String NOTIFICATIONS = "/mpt/notifications";

    /** QoS of requests and replies. */
    public static final int REQUEST_QOS = 1;
    /** QoS of notifications. */
    public static final int NOTIFICATION_QOS = 2;

    private Topics() {}

    /** Requests to every peer of a role, e.g. {@code /mpt/daemon/sender}. */
    public static String role(Role role) {
        return ALL_PEERS + "/" + role.label();
    }

    /** Requests to one peer, by id. */
    public static String peer(String peerId) {
        return "/mpt/peer/" + peerId;
    }
}
