/**
 * The accounts API's bad bodies (tests/accounts-input.test.ts): each case sends one request as
 * Alice (or Bob) and names the rule its 400 must state. `who` reads the accounts of the running
 * test, made fresh before each one.
 */
import type { APIRoute } from "astro";
import { call } from "./call";
import type { TestAccount } from "./auth";
import { ADDRESS, PROFILE } from "./fixtures";
import { googleRegister, profile, profileAddress, register } from "./accounts";

type Case = [string, () => ReturnType<typeof call>, RegExp];

export function badInputCases(who: () => { alice: TestAccount; bob: TestAccount }): Case[] {
  const long = (n: number) => "x".repeat(n);
  /** The case's request, sent as Alice (or Bob) when the case runs. */
  const send =
    (route: APIRoute | undefined, url: string, method: string, body?: unknown, as?: "bob") => () =>
      call(route, url, { method, body, token: who()[as ?? "alice"].token });
  return [
    [
      "register without a first name",
      send(register.POST, "/v2/auth/register", "POST", { ...PROFILE, firstName: "  " }),
      /firstName: First name required/,
    ],
    [
      "register with an unknown gender",
      send(register.POST, "/v2/auth/register", "POST", { ...PROFILE, gender: "robot" }),
      /gender: Select your gender/,
    ],
    [
      "profile with a blank phone",
      send(profile.PUT, "/v2/users/profile", "PUT", { ...PROFILE, phone: "" }),
      /phone: Phone number required/,
    ],
    [
      "profile with a future birth date",
      send(profile.PUT, "/v2/users/profile", "PUT", { ...PROFILE, dateOfBirth: "2999-01-01" }),
      /dateOfBirth/,
    ],
    [
      "profile with an impossible date",
      send(profile.PUT, "/v2/users/profile", "PUT", { ...PROFILE, dateOfBirth: "1990-02-31" }),
      /dateOfBirth/,
    ],
    [
      "profile with a 51-character last name",
      send(profile.PUT, "/v2/users/profile", "PUT", { ...PROFILE, lastName: long(51) }),
      /lastName: Last name: at most 50 characters/,
    ],
    [
      "profile that is not JSON",
      () =>
        call(profile.PUT, "/v2/users/profile", {
          method: "PUT",
          rawBody: "{nope",
          token: who().alice.token,
        }),
      /not valid JSON/,
    ],
    [
      "profile sent as a form",
      () =>
        call(profile.PUT, "/v2/users/profile", {
          method: "PUT",
          rawBody: "firstName=A",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          token: who().alice.token,
        }),
      /JSON/,
    ],
    [
      "address without a city",
      send(profileAddress.POST, "/v2/users/profile-address", "POST", {
        ...ADDRESS,
        id: "a2",
        city: " ",
      }),
      /city: City required/,
    ],
    [
      "address without a ZIP code",
      send(profileAddress.POST, "/v2/users/profile-address", "POST", {
        ...ADDRESS,
        id: "a2",
        zipCode: "",
      }),
      /zipCode: ZIP code required/,
    ],
    [
      "address with a PIN code starting with 0",
      send(profileAddress.POST, "/v2/users/profile-address", "POST", {
        ...ADDRESS,
        id: "a2",
        zipCode: "012345",
      }),
      /zipCode: ZIP code must be a 6-digit PIN code that does not start with 0/,
    ],
    [
      "address with a state that is not on India's list",
      send(profileAddress.POST, "/v2/users/profile-address", "POST", {
        ...ADDRESS,
        id: "a2",
        state: "Orissa",
      }),
      /state: State: choose one of India's states or union territories/,
    ],
    [
      "address in another country",
      send(profileAddress.POST, "/v2/users/profile-address", "POST", {
        ...ADDRESS,
        id: "a2",
        country: "Nepal",
      }),
      /country: Country: we deliver within India only/,
    ],
    [
      "address with the temporary id 'new'",
      send(profileAddress.POST, "/v2/users/profile-address", "POST", { ...ADDRESS, id: "new" }),
      /id: Address id 'new'/,
    ],
    [
      "address with an id that is not a short token",
      send(profileAddress.POST, "/v2/users/profile-address", "POST", { ...ADDRESS, id: "../x" }),
      /id: Address id must be/,
    ],
    [
      "address without an id",
      send(profileAddress.POST, "/v2/users/profile-address", "POST", ADDRESS),
      /id: Address id required/,
    ],
    [
      "address of an unknown type",
      send(profileAddress.POST, "/v2/users/profile-address", "POST", {
        ...ADDRESS,
        id: "a2",
        type: "Office",
      }),
      /type: Type must be Home, Work or Other/,
    ],
    [
      "address with a 201-character line",
      send(profileAddress.POST, "/v2/users/profile-address", "POST", {
        ...ADDRESS,
        id: "a2",
        address1: long(201),
      }),
      /address1: Address line 1: at most 200/,
    ],
    [
      "address update without address_id",
      send(profileAddress.PUT, "/v2/users/profile-address", "PUT", ADDRESS),
      /address_id: Address id required/,
    ],
    [
      "address update with a blank last name",
      send(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", "PUT", {
        ...ADDRESS,
        lName: "",
      }),
      /lName: Last name required/,
    ],
    [
      "address delete with a bad address_id",
      send(profileAddress.DELETE, "/v2/users/profile-address?address_id=%20", "DELETE"),
      /address_id/,
    ],
    [
      "google register with a 51-character first name",
      send(googleRegister.POST, "/v2/auth-google/register", "POST", { firstName: long(51) }, "bob"),
      /firstName/,
    ],
  ];
}
