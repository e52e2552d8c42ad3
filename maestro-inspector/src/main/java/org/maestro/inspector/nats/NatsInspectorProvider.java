package org.maestro.inspector.nats;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.InspectorProvider;

/**
 * The {@code nats} inspector: a NATS server through its HTTP monitoring port. Claims {@code nats+http(s)://} URLs;
 * a plain {@code http(s)://} URL when named (a plain http URL is Artemis's Jolokia otherwise).
 */
public final class NatsInspectorProvider implements InspectorProvider {

    @Override
    public String name() {
        return NatsInspector.NAME;
    }

    @Override
    public String description() {
        return "a NATS server, through its HTTP monitoring port";
    }

    @Override
    public String exampleUrl() {
        return "nats+http://server:8222";
    }

    @Override
    public boolean claims(ManagementUrl url) {
        return url.scheme().equals("nats+http") || url.scheme().equals("nats+https");
    }

    @Override
    public Inspector create(ManagementUrl url, Duration requestTimeout) {
        if (!url.scheme().matches("(nats\\+)?https?")) {
            throw new IllegalArgumentException("the nats inspector reads the server's HTTP monitoring port "
                    + "(nats-server -m 8222): set MANAGEMENT_INTERFACE to a URL such as " + exampleUrl() + ", not "
                    + url.redacted());
        }
        return new NatsInspector(url, requestTimeout);
    }
}
