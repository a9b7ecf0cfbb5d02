// A channel of the tests' own, to show that a second channel is one module
// plus one line of configuration: it hands customer messages to the inbound
// port, records what the outbox sends it (giving each an id of its own), and
// reports where a sent message got to through the delivery port.
import type { Channel, ChannelPorts, StatusReport } from '../../channels/channel';
import type { OutgoingMessage } from '../../delivery/outbox/sender';

export const TEST_CHANNEL = 'test';

export type TestChannel = Channel & {
  /** Messages the outbox sent through the channel, oldest first, with the id the channel gave each. */
  readonly sent: (OutgoingMessage & { externalId: string })[];
  /** A customer writes (the ports are the ones the app started the channel with). */
  receive(message: {
    address: string;
    externalId: string;
    content: string;
    name?: string;
    at: Date;
  }): ReturnType<ChannelPorts['inbound']['customerMessage']>;
  /** The channel reports a sent message's status. */
  report(
    externalId: string,
    status: StatusReport['status'],
    reason?: string,
  ): ReturnType<ChannelPorts['delivery']['report']>;
};

export function testChannel(): TestChannel {
  let ports: ChannelPorts | undefined;
  const sent: (OutgoingMessage & { externalId: string })[] = [];
  const started = () => {
    if (!ports) throw new Error('the test channel has not been started');
    return ports;
  };
  return {
    name: TEST_CHANNEL,
    sent,
    send: {
      name: 'test channel',
      async send(message) {
        const externalId = `test-out-${sent.length + 1}`;
        sent.push({ ...message, externalId });
        return { externalId };
      },
    },
    start(given) {
      ports = given;
    },
    stop() {
      ports = undefined;
    },
    receive: ({ address, externalId, content, name, at }) =>
      started().inbound.customerMessage({
        channel: TEST_CHANNEL,
        address,
        externalId,
        type: 'text',
        content,
        name,
        at,
      }),
    report: (externalId, status, reason) =>
      started().delivery.report({ channel: TEST_CHANNEL, externalId, status, ...(reason && { reason }) }),
  };
}
