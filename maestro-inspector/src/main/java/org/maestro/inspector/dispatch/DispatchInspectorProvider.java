package org.maestro.inspector.dispatch;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.InspectorProvider;

/** The {@code dispatch} inspector: a Qpid Dispatch router through AMQP management ({@code amqp}, {@code amqps}). */
public final class DispatchInspectorProvider implements InspectorProvider {

    @Override
    public String name() {
        return DispatchInspector.NAME;
    }

    @Override
    public String description() {
        return "a Qpid Dispatch router, through AMQP management";
    }

    @Override
    public String exampleUrl() {
        return "amqp://router:5672";
    }

    @Override
    public boolean claims(ManagementUrl url) {
        return url.scheme().equals("amqp") || url.scheme().equals("amqps");
    }

    @Override
    public Inspector create(ManagementUrl url, Duration requestTimeout) {
        if (!claims(url)) {
            throw new IllegalArgumentException("the dispatch inspector speaks AMQP management to the router: set "
                    + "MANAGEMENT_INTERFACE to a URL such as " + exampleUrl() + ", not " + url.redacted());
        }
        return new DispatchInspector(url, requestTimeout);
    }
}
