/**
 * The fake Shiprocket's answers to the calls after Create Custom Order, in the shapes of
 * Shiprocket's API documentation (./fake-shiprocket-shapes.ts lists the sources):
 * - POST /courier/assign/awb: `awb_assign_status`, `response.data` with awb_code, courier_company_id,
 *   courier_name, applied_weight, assigned_date_time ... and no charge, as documented;
 * - POST /courier/generate/label and /courier/generate/pickup (a second pickup request for one
 *   shipment is refused: 400 "Already in Pickup Queue.");
 * - POST /manifests/generate `{ shipment_id: [id] }` (only after the pickup request) answering
 *   `{ status: 1, manifest_url }`, a second one refused as already generated; POST /manifests/print
 *   `{ order_ids: [id] }` answering `{ manifest_url }`;
 * - GET /orders/show/{id}: the order's details with `awb_data.charges.freight_charges` (a string,
 *   "" until the courier has billed);
 * - GET /courier/track/awb/{awb}: `tracking_data` with shipment_status, shipment_track[],
 *   shipment_track_activities[] (newest first), track_url, etd.
 */
import type { ServerResponse } from "node:http";
import { send } from "./fake-shiprocket-api";
import { COURIERS, type FakeState, fakeNow, istScan } from "./fake-shiprocket-shapes";

const FILES = "https://kr-shipmultichannel.s3.ap-southeast-1.amazonaws.com";

const byShipment = (state: FakeState, id: unknown) =>
  state.parcels.find((p) => p.shipmentId === Number(Array.isArray(id) ? id[0] : id));
const byOrder = (state: FakeState, id: unknown) =>
  state.parcels.find((p) => p.orderId === Number(Array.isArray(id) ? id[0] : id));

export function answerBooking(
  state: FakeState,
  method: string,
  path: string,
  body: Record<string, unknown>,
  answer: (status: number, payload: unknown) => void,
  res: ServerResponse,
) {
  if (path === "/courier/assign/awb" && method === "POST") {
    const parcel = byShipment(state, body.shipment_id);
    if (!parcel) return send(res, 400, { message: "Invalid shipment id", status_code: 400 });
    if (parcel.awb)
      return answer(200, {
        awb_assign_status: 0,
        response: { data: { awb_assign_error: "AWB is already assigned" } },
      });
    const courier =
      COURIERS.find((c) => c.courier_company_id === Number(body.courier_id)) ?? COURIERS[0]!;
    parcel.awb = `SR${parcel.shipmentId}${courier.courier_company_id}`;
    parcel.courierId = courier.courier_company_id;
    parcel.courierName = courier.courier_name;
    // The courier bills a little over the quote (the weight it measured), unless told to wait.
    parcel.freight = state.chargesLater ? "" : (courier.rate + 12.5).toFixed(2);
    const now = new Date(fakeNow(state));
    return answer(200, {
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: courier.courier_company_id,
          awb_code: parcel.awb,
          cod: 0,
          order_id: parcel.orderId,
          shipment_id: parcel.shipmentId,
          awb_code_status: 1,
          assigned_date_time: {
            date: `${istScan(now)}.000000`,
            timezone_type: 3,
            timezone: "Asia/Kolkata",
          },
          applied_weight: Number(parcel.body.weight),
          company_id: 4242,
          courier_name: courier.courier_name,
          child_courier_name: null,
          pickup_scheduled_date: null,
          routing_code: "",
          rto_routing_code: "",
          invoice_no: `Retail${parcel.orderId}`,
          transporter_id: "",
          transporter_name: "",
        },
      },
    });
  }
  if (path === "/courier/generate/label" && method === "POST") {
    const parcel = byShipment(state, body.shipment_id);
    if (!parcel?.awb) return send(res, 400, { message: "AWB not assigned", status_code: 400 });
    parcel.label = true;
    return answer(200, {
      label_created: 1,
      label_url: `${FILES}/label-${parcel.shipmentId}.pdf`,
      response: "Label has been created and uploaded successfully!",
      not_created: [],
    });
  }
  if (path === "/courier/generate/pickup" && method === "POST") {
    const parcel = byShipment(state, body.shipment_id);
    if (!parcel?.awb) return send(res, 400, { message: "AWB not assigned", status_code: 400 });
    if (parcel.pickup)
      return send(res, 400, { message: "Already in Pickup Queue.", status_code: 400 });
    parcel.pickup = true;
    return answer(200, {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: istScan(new Date(fakeNow(state) + 24 * 3600_000)),
        pickup_token_number: `Reference No: ${parcel.shipmentId}`,
        status: 3,
        data: "Pickup is scheduled",
      },
    });
  }
  if (path === "/manifests/generate" && method === "POST") {
    const parcel = byShipment(state, body.shipment_id);
    if (!parcel?.pickup)
      return send(res, 400, {
        message: "Pickup is not generated for the shipment.",
        status_code: 400,
      });
    if (parcel.manifest)
      return send(res, 400, { message: "Manifest already generated.", status_code: 400 });
    parcel.manifest = `${FILES}/manifest-${parcel.shipmentId}.pdf`;
    return answer(200, { status: 1, manifest_url: parcel.manifest });
  }
  if (path === "/manifests/print" && method === "POST") {
    const parcel = byOrder(state, body.order_ids);
    if (!parcel?.manifest)
      return send(res, 400, { message: "Manifest not generated.", status_code: 400 });
    return answer(200, { manifest_url: parcel.manifest });
  }
  const show = /^\/orders\/show\/(\d+)$/.exec(path);
  if (show && method === "GET") {
    const parcel = byOrder(state, show[1]);
    if (!parcel) return answer(404, { message: "Order not found.", status_code: 404 });
    return answer(200, {
      data: {
        id: parcel.orderId,
        channel_order_id: parcel.channelOrderId,
        status: parcel.status?.label ?? (parcel.awb ? "READY TO SHIP" : "NEW"),
        shipments: { id: parcel.shipmentId, awb: parcel.awb, courier: parcel.courierName },
        awb_data: {
          awb: parcel.awb,
          charges: {
            zone: "z_d",
            cod_charges: "",
            applied_weight_amount: parcel.freight,
            freight_charges: parcel.freight,
            applied_weight: String(parcel.body.weight ?? ""),
            charged_weight: "",
          },
        },
      },
    });
  }
  const track = /^\/courier\/track\/awb\/(.+)$/.exec(path);
  if (track && method === "GET") {
    const parcel = state.parcels.find((p) => p.awb === decodeURIComponent(track[1]!));
    if (!parcel) return answer(404, { tracking_data: { track_status: 0, error: "Awb not found" } });
    return answer(200, {
      tracking_data: {
        track_status: 1,
        shipment_status: parcel.status?.id ?? 19,
        shipment_track: [
          {
            id: parcel.shipmentId,
            awb_code: parcel.awb,
            courier_name: parcel.courierName,
            current_status: parcel.status?.label ?? "OUT FOR PICKUP",
          },
        ],
        shipment_track_activities: [...parcel.scans].reverse(),
        track_url: `https://shiprocket.co/tracking/${parcel.awb}`,
        etd: istScan(new Date(fakeNow(state) + 3 * 24 * 3600_000)),
      },
    });
  }
  return send(res, 404, { message: "Not found", status_code: 404 });
}
