/**
 * The accounts API's bad bodies (tests/accounts-input.test.ts): each case sends one request as
 * Alice (or Bob) and names the rule its 400 must state. `who` reads the accounts of the running
 * test, made fresh before each one.
 */
import { call } from "./call";
import type { TestAccount } from "./auth";
import { ADDRESS, PROFILE } from "./fixtures";
import { googleRegister, profile, profileAddress, register } from "./accounts";

type Case = [string, () => ReturnType<typeof call>, RegExp];

export function badInputCases(who: () => { alice: TestAccount; bob: TestAccount }): Case[] {
  const long = (n: number) => "x".repeat(n);
  return [
    [
      "register without a first name",
      () =>
        call(register.POST, "/v2/auth/register", {
          method: "POST",
          body: { ...PROFILE, firstName: "  " },
          token: who().alice.token,
        }),
      /firstName: First name required/,
    ],
    [
      "register with an unknown gender",
      () =>
        call(register.POST, "/v2/auth/register", {
          method: "POST",
          body: { ...PROFILE, gender: "robot" },
          token: who().alice.token,
        }),
      /gender: Select your gender/,
    ],
    [
      "profile with a blank phone",
      () =>
        call(profile.PUT, "/v2/users/profile", {
          method: "PUT",
          body: { ...PROFILE, phone: "" },
          token: who().alice.token,
        }),
      /phone: Phone number required/,
    ],
    [
      "profile with a future birth date",
      () =>
        call(profile.PUT, "/v2/users/profile", {
          method: "PUT",
          body: { ...PROFILE, dateOfBirth: "2999-01-01" },
          token: who().alice.token,
        }),
      /dateOfBirth/,
    ],
    [
      "profile with an impossible date",
      () =>
        call(profile.PUT, "/v2/users/profile", {
          method: "PUT",
          body: { ...PROFILE, dateOfBirth: "1990-02-31" },
          token: who().alice.token,
        }),
      /dateOfBirth/,
    ],
    [
      "profile with a 51-character last name",
      () =>
        call(profile.PUT, "/v2/users/profile", {
          method: "PUT",
          body: { ...PROFILE, lastName: long(51) },
          token: who().alice.token,
        }),
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
      () =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a2", city: " " },
          token: who().alice.token,
        }),
      /city: City required/,
    ],
    [
      "address without a ZIP code",
      () =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a2", zipCode: "" },
          token: who().alice.token,
        }),
      /zipCode: ZIP code required/,
    ],
    [
      "address with a PIN code starting with 0",
      () =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a2", zipCode: "012345" },
          token: who().alice.token,
        }),
      /zipCode: ZIP code must be a 6-digit PIN code that does not start with 0/,
    ],
    [
      "address with a state that is not on India's list",
      () =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a2", state: "Orissa" },
          token: who().alice.token,
        }),
      /state: State: choose one of India's states or union territories/,
    ],
    [
      "address in another country",
      () =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a2", country: "Nepal" },
          token: who().alice.token,
        }),
      /country: Country: we deliver within India only/,
    ],
    [
      "address with the temporary id 'new'",
      () =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "new" },
          token: who().alice.token,
        }),
      /id: Address id 'new'/,
    ],
    [
      "address with an id that is not a short token",
      () =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "../x" },
          token: who().alice.token,
        }),
      /id: Address id must be/,
    ],
    [
      "address without an id",
      () =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: ADDRESS,
          token: who().alice.token,
        }),
      /id: Address id required/,
    ],
    [
      "address of an unknown type",
      () =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a2", type: "Office" },
          token: who().alice.token,
        }),
      /type: Type must be Home, Work or Other/,
    ],
    [
      "address with a 201-character line",
      () =>
        call(profileAddress.POST, "/v2/users/profile-address", {
          method: "POST",
          body: { ...ADDRESS, id: "a2", address1: long(201) },
          token: who().alice.token,
        }),
      /address1: Address line 1: at most 200/,
    ],
    [
      "address update without address_id",
      () =>
        call(profileAddress.PUT, "/v2/users/profile-address", {
          method: "PUT",
          body: ADDRESS,
          token: who().alice.token,
        }),
      /address_id: Address id required/,
    ],
    [
      "address update with a blank last name",
      () =>
        call(profileAddress.PUT, "/v2/users/profile-address?address_id=a1", {
          method: "PUT",
          body: { ...ADDRESS, lName: "" },
          token: who().alice.token,
        }),
      /lName: Last name required/,
    ],
    [
      "address delete with a bad address_id",
      () =>
        call(profileAddress.DELETE, "/v2/users/profile-address?address_id=%20", {
          method: "DELETE",
          token: who().alice.token,
        }),
      /address_id/,
    ],
    [
      "google register with a 51-character first name",
      () =>
        call(googleRegister.POST, "/v2/auth-google/register", {
          method: "POST",
          body: { firstName: long(51) },
          token: who().bob.token,
        }),
      /firstName/,
    ],
  ];
}
