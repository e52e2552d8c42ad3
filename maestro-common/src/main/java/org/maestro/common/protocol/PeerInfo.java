package org.maestro.common.protocol;

import java.util.Objects;

/** Who sent a reply or a notification: the peer's id, name, host and role (a {@link Role}'s label, as announced). */
public record PeerInfo(String id, String name, String host, String role) {
    public PeerInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(role, "role");
    }

    /** True when the peer announced itself as playing {@code played} (its role field is exactly that label). */
    public boolean plays(Role played) {
        return played.is(role);
    }

    /** The name used for the peer's result directory, e.g. {@code sender-1@host}. */
    public String qualifiedName() {
        return name + "@" + host;
    }
}
