package org.maestro.client.api;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.maestro.common.protocol.PeerInfo;

/**
 * How a script addresses one peer or a group of peers: by the name a peer was started with ({@code --name}), by
 * {@code name@host} as the results show it, or by the host it runs on ({@code --host}, default the machine's name).
 * Flows pick their senders and receivers with it, agent actions their agents; one rule for both.
 */
public record PeerSelector(String text) {
    private static final Pattern FORM =
            Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}(@[A-Za-z0-9][A-Za-z0-9._-]{0,252})?");

    /** Refuses a selector no peer could ever match, naming the accepted forms. */
    public PeerSelector {
        Objects.requireNonNull(text, "text");
        if (!FORM.matcher(text).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a peer name or host: write a peer's --name"
                    + " (e.g. sender-1), name@host (e.g. sender-1@lab-3) or a host (e.g. lab-3)");
        }
    }

    /** True when the peer has this name, this name@host, or runs on this host. */
    public boolean matches(PeerInfo peer) {
        return text.equals(peer.name()) || text.equals(peer.host()) || text.equals(peer.qualifiedName());
    }

    /** The peers this selector matches, in the order given. */
    public List<PeerInfo> select(Collection<PeerInfo> peers) {
        return peers.stream().filter(this::matches).toList();
    }

    @Override
    public String toString() {
        return text;
    }
}
