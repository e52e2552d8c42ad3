package org.maestro.agent.actions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maestro.agent.handler.ExecResult;
import org.maestro.agent.run.Programs;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;

/**
 * Where a network fault applies: a device, optionally inside a network namespace ({@code --netns}, the programs then
 * run through {@code ip netns exec}). Built by {@link #resolve} after checking the right to change network settings,
 * the tools, the namespace and the device.
 *
 * @param device    the device, or null when the fault is not bound to one
 * @param namespace the network namespace, or null for the agent's own
 * @param program   the fault's program ({@code tc} or {@code iptables})
 * @param ip        the {@code ip} program, or null when neither a namespace nor the default device needs it
 */
record NetworkScope(String device, String namespace, Path program, Path ip) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:@-]{1,64}");
    private static final Pattern DEFAULT_DEVICE = Pattern.compile("\\bdev\\s+(\\S+)");

    /**
     * Checks what a fault needs and resolves its device.
     *
     * @param action        the action name, for messages
     * @param tool          the program it runs ({@code tc} or {@code iptables}) and the package that has it
     * @param deviceNeeded  true when a device is required (taken from the default route when not given)
     */
    static NetworkScope resolve(
            String action,
            String tool,
            String toolPackage,
            ReadyArgs args,
            Tools tools,
            BooleanSupplier netAdmin,
            boolean deviceNeeded)
            throws RoleException {
        Path program = tools.require(tool, action, toolPackage);
        String namespace = args.option("netns").orElse(null);
        String device = args.option("dev").orElse(null);
        Path ip = null;
        if (namespace != null || (device == null && deviceNeeded)) {
            ip = tools.require("ip", action, "iproute2");
        }
        if (!netAdmin.getAsBoolean()) {
            throw new RoleException(
                    ErrorCodes.OTHER,
                    action + " changes network settings and needs the CAP_NET_ADMIN"
                            + " capability, which this agent lacks: run the agent as root (or grant it cap_net_admin)");
        }
        if (namespace != null) {
            if (!NAME.matcher(namespace).matches() || !Files.exists(Path.of("/run/netns", namespace))) {
                throw args.wrong("there is no network namespace '" + namespace + "' (see ip netns list)");
            }
        }
        if (device != null) {
            if (!NAME.matcher(device).matches() || !deviceExists(ip, namespace, device)) {
                throw args.wrong("there is no network device '" + device + "'"
                        + (namespace == null ? "" : " in namespace " + namespace) + " (see ip link)");
            }
        } else if (deviceNeeded) {
            device = defaultDevice(ip, namespace);
            if (device == null) {
                throw args.wrong("there is no default route to take the device from: give --dev <device>");
            }
        }
        return new NetworkScope(device, namespace, program, ip);
    }

    private static boolean deviceExists(Path ip, String namespace, String device) throws RoleException {
        if (namespace == null) {
            return Files.exists(Path.of("/sys/class/net", device));
        }
        return query(List.of(ip.toString(), "-n", namespace, "link", "show", "dev", device))
                .ok();
    }

    private static String defaultDevice(Path ip, String namespace) throws RoleException {
        List<String> command = new ArrayList<>(List.of(ip.toString()));
        if (namespace != null) {
            command.addAll(List.of("-n", namespace));
        }
        command.addAll(List.of("-o", "route", "show", "default"));
        ExecResult result = query(command);
        Matcher matcher = DEFAULT_DEVICE.matcher(result.output());
        return result.ok() && matcher.find() ? matcher.group(1) : null;
    }

    private static ExecResult query(List<String> command) throws RoleException {
        try {
            return Programs.run(command, Duration.ofSeconds(10), line -> {}, process -> {});
        } catch (IOException e) {
            throw new RoleException(ErrorCodes.OTHER, "cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RoleException(ErrorCodes.OTHER, "interrupted while running " + String.join(" ", command), e);
        }
    }

    /** A command line running the fault's program with the arguments, inside the namespace when there is one. */
    List<String> command(List<String> arguments) {
        List<String> command = new ArrayList<>();
        if (namespace != null) {
            command.addAll(List.of(ip.toString(), "netns", "exec", namespace));
        }
        command.add(program.toString());
        command.addAll(arguments);
        return command;
    }

    /** A key naming the device for exclusive use, e.g. {@code ns1/lo}. */
    String deviceKey() {
        return (namespace == null ? "" : namespace) + "/" + device;
    }

    /** Where, for messages: {@code lo}, {@code lo in namespace ns1}. */
    String where() {
        String where = device == null ? "all devices" : device;
        return namespace == null ? where : where + " in namespace " + namespace;
    }
}
