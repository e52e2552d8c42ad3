package org.maestro.inspector.nats;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.DescribedInspectorProvider;
import org.maestro.inspector.Inspector;

/**
 * The {@code nats} inspector: a NATS server through its HTTP monitoring port. Claims {@code nats+http(s)://} URLs;
 * a plain {@code http(s)://} URL when named (a plain http URL is Artemis's Jolokia otherwise).
 */
public final class NatsInspectorProvider extends DescribedInspectorProvider {

    public NatsInspectorProvider() {
        super(new Description(
                NatsInspector.NAME, "a NATS server, through its HTTP monitoring port", "nats+http://server:8222"));
    }

    @Override
    public boolean claims(ManagementUrl url) {
        return url.hasScheme("nats+http");
    }

    @Override
    public Inspector create(ManagementUrl url, Duration requestTimeout) {
        if (!claims(url) && !url.hasScheme("http")) {
            throw unreadable(url, "reads the server's HTTP monitoring port (nats-server -m 8222)", exampleUrl());
        }
        return new NatsInspector(url, requestTimeout);
    }
}
